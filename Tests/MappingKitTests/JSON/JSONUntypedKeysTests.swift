import Foundation
@testable import MappingKit
import Testing

@Suite("Untyped keys")
struct JSONUntypedKeysTests {
    @Test("Keys met again, keys that share a slot, long, escaped and non-ASCII keys read as JSONSerialization reads them")
    func keys() throws {
        var random = SplitMix64(seed: 5)
        // Keys of one length that differ in one byte fall in slots by their bytes; over 32 bytes
        // a key is never kept; escaped keys are made from their text.
        var pool = (0..<600).map { "k\($0)" } + ["", "a", "ab", "名前", "😋✨", #"q\"uote"#, #"back\\slash"#, #"\u00e9t\u00e9"#]
        pool += [String(repeating: "x", count: 32), String(repeating: "x", count: 31) + "y", String(repeating: "x", count: 33), String(repeating: "é", count: 20)]
        for _ in 0..<100 {
            let objects = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                let members = (0..<Int.random(in: 0...12, using: &random)).map { index in
                    "\"\(pool[Int.random(in: 0..<pool.count, using: &random)])\": \(index)"
                }
                return "{" + members.joined(separator: ", ") + "}"
            }
            let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
            let parsed = try JSONValue.parse(data) as? [[String: Any]]
            let expected = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            #expect(parsed.map { $0 as NSArray } == expected.map { $0 as NSArray })
            #expect(parsed?.flatMap(\.keys).sorted() == expected?.flatMap(\.keys).sorted())
        }
    }

    @Test("A key is the same text whether the slot was filled by it or by another key of its length")
    func slots() {
        let pending = PendingMembers()
        let keys = (0..<2_000).map { "key\($0 % 700)" } + ["key1", "kex1", "key1"]
        for key in keys {
            let made = Array(key.utf8).withUnsafeBufferPointer { pending.key($0) }
            #expect(made == key)
        }
    }
}
