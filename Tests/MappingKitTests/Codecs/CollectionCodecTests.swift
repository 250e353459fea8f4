import Foundation
import MappingKit
import Testing

private struct Collections: Mappable, Equatable {
    var numbers: [Int] = []
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var matrix: [[Double]] = []
    var groups: [String: [String]] = [:]
}

@Suite("Array, Set and Dictionary properties")
struct CollectionCodecTests {
    @Test("collections of supported types map both ways")
    func roundTrip() throws {
        let model = try mapped(Collections.self, jsonDictionary("""
            {"numbers": [1, 2, "3"], "tags": ["a", "b", "a"], "counts": {"x": 1, "y": 2},
             "matrix": [[1, 2.5], []], "groups": {"admins": ["ann"], "none": []}}
            """))
        #expect(model == Collections(
            numbers: [1, 2, 3], tags: ["a", "b"], counts: ["x": 1, "y": 2],
            matrix: [[1, 2.5], []], groups: ["admins": ["ann"], "none": []]
        ))
        let representation = try model.dictionaryRepresentation()
        #expect(Plain(representation["numbers"] as Any) == .array([.int(1), .int(2), .int(3)]))
        #expect(Set((representation["tags"] as? [String]) ?? []) == ["a", "b"])
        #expect(Plain(representation["counts"] as Any) == .object(["x": .int(1), "y": .int(2)]))
        #expect(Plain(representation["matrix"] as Any) == .array([.array([.double(1), .double(2.5)]), .array([])]))
        #expect(Plain(representation["groups"] as Any) == .object(["admins": .array([.string("ann")]), "none": .array([])]))
        #expect(try mapped(Collections.self, representation) == model)
    }

    @Test("native Swift arrays and dictionaries are accepted directly")
    func native() throws {
        let model = try mapped(Collections.self, ["numbers": [4, 5], "counts": ["z": 9], "matrix": [[1.0]]])
        #expect(model == Collections(numbers: [4, 5], counts: ["z": 9], matrix: [[1.0]]))
    }

    @Test("every bad element is reported with its index or key")
    func elementErrors() throws {
        let input = try jsonDictionary("""
            {"numbers": [1, "two", 3.5], "counts": {"x": true}, "matrix": [[1], ["a"]], "tags": true}
            """)
        let error = mappingError { _ = try mapped(Collections.self, input) }
        #expect(error?.description == """
            5 problems:
              numbers[1]: expected Int, found String "two"
              numbers[2]: expected Int, found Double 3.5
              tags: expected Array, found Bool true
              counts.x: expected Int, found Bool true
              matrix[1][0]: expected Double, found String "a"
            """)
        #expect(error?.path == "numbers[1]")
    }

    @Test("one value where a collection belongs is an error, unless the property or tree takes single values as arrays")
    func singleValue() throws {
        let hint = "Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:))"
        #expect(mappingError { _ = try mapped(Collections.self, ["tags": "solo", "numbers": "7", "matrix": [2.5]]) }?.description == """
            3 problems:
              numbers: expected \(hint), found String "7"
              tags: expected \(hint), found String "solo"
              matrix[0]: expected \(hint), found Double 2.5
            """)
        var tree = MappingConfiguration()
        tree.singleValuesAsArrays = true
        var model = Collections()
        try model.update(from: ["tags": "solo", "numbers": "7", "matrix": [[2.5]]], configuration: tree)
        #expect(model == Collections(numbers: [7], tags: ["solo"], matrix: [[2.5]]))
        // Only the property's own collection takes one value: a nested array is never guessed.
        #expect(mappingError { try model.update(from: ["matrix": [2.5]], configuration: tree) }?.description
            == "matrix[0]: expected \(hint), found Double 2.5")
        let perProperty = MappingConfiguration(for: Collections.self) { $0.singleValueAsArray(\.numbers) }
        try model.update(from: ["numbers": 8], configuration: perProperty)
        #expect(model.numbers == [8])
        #expect(mappingError { try model.update(from: ["tags": "x"], configuration: perProperty) }?.description
            == #"tags: expected \#(hint), found String "x""#)
        #expect(mappingError { _ = try mapped(Collections.self, ["numbers": NSNull()]) }?.description
            == "numbers: expected Array, found null")
        #expect(mappingError { try model.update(from: ["numbers": NSNull()], configuration: tree) }?.description
            == "numbers: expected Array, found null")
    }

    @Test("a dictionary where an array belongs, and the reverse, are errors")
    func containerMismatch() throws {
        let input = try jsonDictionary(#"{"numbers": {"a": 1}, "counts": [1]}"#)
        #expect(mappingError { _ = try mapped(Collections.self, input) }?.description == """
            2 problems:
              numbers: expected Array, found Dictionary of 1 key
              counts: expected Dictionary, found Array of 1 element
            """)
    }
}

private struct Scores: Mappable {
    var scores: [String: Double] = [:]
}

/// A dictionary's problems come in its keys' order: two equal dictionaries may iterate in
/// different orders, and a JSON object's members come in the document's (found by the streams
/// fuzz target, where a stream and `array(json:)` listed the same problems in two orders).
@Suite("Dictionary problems in key order")
struct DictionaryProblemOrderTests {
    @Test("every path, however the entries are ordered, lists the problems by key")
    func keyOrder() throws {
        let keys = (0..<12).map { "k\($0)" }
        let expected = keys.sorted().map { "  scores.\($0): expected Double, found Bool true" }.joined(separator: "\n")
        for order in [keys, keys.reversed(), keys.shuffled()] {
            let json = "{\"scores\": {" + order.map { "\"\($0)\": true" }.joined(separator: ", ") + "}}"
            let input = try jsonDictionary(json)
            #expect(mappingError { _ = try mapped(Scores.self, input) }?.description == "12 problems:\n" + expected)
            #expect(mappingError { _ = try Scores(json: json) }?.description == "12 problems:\n" + expected)
        }
    }
}
