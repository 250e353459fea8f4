@testable import MappingKit
import Testing

@Suite("Text counts")
struct TextCountsTests {
    @Test("Line feeds and scalars counted a word at a time match a byte-by-byte count")
    func counts() {
        var random = SplitMix64(seed: 7)
        let pieces = ["a", "\n", "é", "☕️", "𝄞", "\u{0A}\u{0A}", " ", "\u{7F}", "\u{80}"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(TextCounts.lineFeeds(in: buffer) == bytes.filter { $0 == 0x0A }.count)
                #expect(TextCounts.scalars(in: buffer) == text.unicodeScalars.count)
            }
        }
    }
}
