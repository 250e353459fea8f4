import Foundation
import MappingKit
import Testing

private struct Reading: Mappable, Equatable {
    var K = 0
    var unit = ""
    var first = 0
    var second = 0
    var third = 0
}

/// Array elements are fresh models, decoded by walking their dictionary's entries against the
/// plan's key table: every case here must map exactly as `Reading(dictionary:)`, which looks
/// each key up.
@Suite("Fresh models read by walking their dictionary's keys")
struct KeyWalkTests {
    @Test("a key equal to a field's key only as a String (Unicode canonical equivalence) is still that field's")
    func canonicalEquivalence() throws {
        // U+212A KELVIN SIGN is canonically equivalent to "K".
        let input: [String: Any] = ["\u{212A}": 5, "unit": "kelvin"]
        let alone = try Reading(dictionary: input)
        #expect(alone == Reading(K: 5, unit: "kelvin"))
        #expect(try Reading.array(from: [input, input]) == [alone, alone])
    }

    @Test("problems are reported in the properties' declaration order, whatever the dictionary's order")
    func declarationOrder() {
        let input: [String: Any] = ["third": "3", "second": "two", "first": true, "K": 1.5]
        let expected = """
            4 problems:
              [0].K: expected Int, found Double 1.5
              [0].first: expected Int, found Bool true
              [0].second: expected Int, found String "two"
              [1].K: expected Int, found Double 1.5
            """
        _ = try? Reading(dictionary: input)
        let error = mappingError { _ = try Reading.array(from: [input, ["K": 1.5]]) }
        #expect(error?.description == expected)
    }

    @Test("absent keys leave the defaults; unread keys are ignored, however many (past twice the fields, keys are looked up)",
          arguments: [0, 3, 9, 30])
    func absentAndExtraKeys(extraKeys: Int) throws {
        var input: [String: Any] = ["unit": "C"]
        for index in 0..<extraKeys { input["extra\(index)"] = index }
        let alone = try Reading(dictionary: input)
        #expect(alone == Reading(unit: "C"))
        #expect(try Reading.array(from: [input]) == [alone])
    }
}
