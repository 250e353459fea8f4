import Foundation
@testable import MappingKit
import Testing

/// Keys where a byte comparison could be fooled: one a prefix of the next, one with a quote
/// (written escaped), one not ASCII.
private struct Keyed: Mappable, Equatable {
    var id = 0
    var idx = 0
    var quoted = ""
    var café = ""
    var tail: [Int] = []
    static let mappingConfiguration = MappingConfiguration(for: Keyed.self) { map in
        map.map(\.quoted, to: #"a"b"#)
    }
}

/// Keys of 1 to 17 bytes: 3 to 19 quoted, either side of the one-word and two-word compares.
private struct Lengths: Mappable, Equatable {
    var a = 0
    var abcde = 0
    var abcdef = 0
    var abcdefg = 0
    var abcdefghijklm = 0
    var abcdefghijklmn = 0
    var abcdefghijklmno = 0
    var abcdefghijklmnopq = 0
}

@Suite("JSON: keys expected in the model's order")
struct JSONExpectedKeyTests {
    @Test("Members in any order, spelled with escapes, repeated or among unknown keys read as from a dictionary")
    func anyOrder() throws {
        let members = [
            #""id": 1"#, #""idx": 2"#, #""a\"b": "q""#, #""café": "c""#, #""tail": [3]"#,
        ]
        let expected = Keyed(id: 1, idx: 2, quoted: "q", café: "c", tail: [3])
        var random = SplitMix64(seed: 11)
        for round in 0..<200 {
            var chosen = members.shuffled(using: &random)
            if round % 3 == 0 { chosen.insert(#""unknown": {"id": 9}"#, at: Int.random(in: 0...chosen.count, using: &random)) }
            if round % 5 == 0 { chosen.insert(#""i\u0064x": 7"#, at: 0) }
            if round % 7 == 0 { chosen.append(#""id" : 4"#) }
            let text = "{" + chosen.joined(separator: round % 2 == 0 ? "," : " ,\n ") + "}"
            let fromJSON = try Keyed(json: text)
            let fromDictionary = try Keyed(dictionary: JSONValue.parse(text) as? [String: Any] ?? [:])
            #expect(fromJSON == fromDictionary, "\(text)")
            var adjusted = expected
            if round % 7 == 0 { adjusted.id = 4 }
            if round % 5 == 0, !chosen.dropFirst().contains(#""idx": 2"#) { adjusted.idx = 7 }
            #expect(fromJSON == adjusted, "\(text)")
        }
    }

    @Test("A key that starts like the expected one, or stops inside it, is not taken for it")
    func prefixes() throws {
        #expect(try Keyed(json: #"{"id": 1, "idxy": 5, "idx": 2}"#) == Keyed(id: 1, idx: 2))
        #expect(try Keyed(json: #"{"id": 1, "i": 5}"#) == Keyed(id: 1))
        #expect(mappingError { _ = try Keyed(json: #"{"id": 1, "idx"#) }?.description
            == "expected '\"' to end the string, found end of input at line 1, column 15 (byte 14)")
        #expect(mappingError { _ = try Keyed(json: #"{"id": 1, "idx" 2}"#) }?.description
            == "expected ':' after an object key, found '2' at line 1, column 17 (byte 16)")
    }

    @Test("Keys either side of a word's length match whole, and differ in their last byte or past the input's end")
    func wordLengths() throws {
        let keys = ["a", "abcde", "abcdef", "abcdefg", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnopq"]
        let text = "{" + keys.enumerated().map { "\"\($1)\":\($0 + 1)" }.joined(separator: ",") + "}"
        #expect(try Lengths(json: text) == Lengths(a: 1, abcde: 2, abcdef: 3, abcdefg: 4, abcdefghijklm: 5, abcdefghijklmn: 6, abcdefghijklmno: 7, abcdefghijklmnopq: 8))
        // Each key with its last letter changed is unknown, and skipped.
        let changed = "{" + keys.map { "\"\($0.dropLast())Z\":1" }.joined(separator: ",") + "}"
        #expect(try Lengths(json: changed) == Lengths())
        // A key that the input ends inside (fewer than eight bytes left) is read, not matched.
        #expect(mappingError { _ = try Lengths(json: #"{"a":1,"abcde"#) }?.description
            == "expected '\"' to end the string, found end of input at line 1, column 14 (byte 13)")
        #expect(try Lengths(json: #"{"abcde":2}"#) == Lengths(abcde: 2))
    }
}
