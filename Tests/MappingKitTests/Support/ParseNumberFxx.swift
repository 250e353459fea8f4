import Foundation
import TestSupport
import Testing

/// `../shared/data/parse-number-fxx` beside the package checkout (see its SOURCE.md): lines of
/// a number's Float and Double bits, in hexadecimal, and its text.
enum ParseNumberFxx {
    static let directory = SharedFolder.parseNumberFxx.url
    static let files = ["freetype-2-7.txt", "google-wuffs.txt", "lemire-fast-float.txt", "more-test-cases.txt", "tencent-rapidjson.txt"]

    /// Every well-formed line of `file`, and how many lines it has.
    static func entries(in file: String) throws -> (entries: [(float: UInt32, double: UInt64, text: String)], lines: Int) {
        let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
        let entries = lines.compactMap { line -> (float: UInt32, double: UInt64, text: String)? in
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, let float = UInt32(fields[1], radix: 16), let double = UInt64(fields[2], radix: 16) else { return nil }
            return (float, double, String(fields[3]))
        }
        return (entries, lines.count)
    }
}
