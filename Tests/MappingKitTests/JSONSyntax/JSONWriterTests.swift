import Foundation
@testable import MappingKit
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    /// The escapes a string needs, written one byte at a time: what the word-at-a-time scan of
    /// ``JSONWriter/writeString(utf8:)`` must give.
    private func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case let scalar where scalar.value < 0x20:
                out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("Strings are escaped as a byte-by-byte escape would, wherever the escapes fall in a word, and read back equal")
    func strings() throws {
        var random = SplitMix64(seed: 11)
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\t", "\u{01}", "\u{1F}", "\u{7F}", "é", "名", "😋", "/", "\u{0C}"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            var writer = JSONWriter(options: [])
            writer.writeString(text)
            let written = String(decoding: writer.data, as: UTF8.self)
            #expect(written == escaped(text))
            #expect(try JSONSerialization.jsonObject(with: writer.data, options: .fragmentsAllowed) as? String == text)
        }
    }

    @Test("Output past the first buffer grows and keeps every byte; truncation takes bytes back")
    func growth() {
        var writer = JSONWriter(options: [])
        var expected = ""
        for index in 0..<3_000 {
            let text = String(repeating: "x", count: index % 37)
            writer.writeString(text)
            expected += "\"" + text + "\""
        }
        #expect(writer.count == expected.utf8.count)
        #expect(String(decoding: writer.data, as: UTF8.self) == expected)
        writer.truncate(to: 3)
        #expect(String(decoding: writer.data, as: UTF8.self) == "\"\"\"")
        writer.writeInt(-42)
        #expect(String(decoding: writer.data, as: UTF8.self) == "\"\"\"-42")
    }

    @Test("Integers are written as Swift describes them: every digit count, both sides of each power of ten, the extremes, at a buffer's edge")
    func integers() {
        var values: [Int] = [0, 1, 9, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 1...18 {
            power *= 10
            values += [power - 1, power, power + 1, -power, -(power - 1), power + power / 2 + 7]
        }
        var random = SplitMix64(seed: 46)
        values += (0..<2_000).map { _ in Int(truncatingIfNeeded: random.next()) >> Int.random(in: 0..<63, using: &random) }
        for value in values {
            var writer = JSONWriter(options: [])
            writer.writeInt(value)
            #expect(String(decoding: writer.data, as: UTF8.self) == String(value))
        }
        let unsigned: [UInt] = [UInt.max, UInt.max - 1, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999]
        for value in unsigned {
            var writer = JSONWriter(options: [])
            writer.writeUnsigned(value)
            #expect(String(decoding: writer.data, as: UTF8.self) == String(value))
        }
        // A number that does not fit the bytes left in the buffer grows it first.
        var writer = JSONWriter(options: [])
        var expected = ""
        for index in 0..<1_500 {
            writer.writeInt(index * 1_234_567 - 99)
            expected += String(index * 1_234_567 - 99)
        }
        #expect(String(decoding: writer.data, as: UTF8.self) == expected)
    }

    /// What `WorkingWithJSON.md` says instead of the `.withoutEscapingSlashes` option it used to
    /// list (issue 46): there is nothing to turn off.
    @Test("Slashes are never escaped, whatever the options")
    func slashes() throws {
        struct Link: Mappable {
            var url = "https://example.com/a/b"
        }
        for options in [JSONOutputOptions(), .sortedKeys, .prettyPrinted, [.sortedKeys, .prettyPrinted]] {
            #expect(String(decoding: try JSONValue.data(["/": "a/b"], options: options), as: UTF8.self).contains(#""a/b""#))
            #expect(String(decoding: try Link().jsonData(options: options), as: UTF8.self).contains(#""https://example.com/a/b""#))
        }
    }

    @Test("Whole doubles keep a fraction, and negative zero its sign")
    func doubles() throws {
        var writer = JSONWriter(options: [])
        for value in [0.0, -0.0, 3.0, -3.0, 0.5, 1e300] {
            try writer.writeDouble(value)
            writer.writeText(" ")
        }
        #expect(String(decoding: writer.data, as: UTF8.self) == "0.0 -0.0 3.0 -3.0 0.5 1e+300 ")
    }
}
