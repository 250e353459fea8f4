import Foundation
import MappingKit
import Testing

private struct Leaves: Mappable {
    var int = 0
    var text = ""
    var flag = false
    var ratio = 0.0
    var maybeInt: Int?
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeRatio: Double?
}

private struct NullLeaves: Mappable {
    var int = 0
    var maybeInt: Int?
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeRatio: Double?
    static let mappingConfiguration = MappingConfiguration(for: NullLeaves.self) { $0.nilRepresentation = .null }
}

/// `Int`, `String`, `Bool`, `Double` and their optionals are read and written by the plan's loop
/// itself, not through their fields' codecs: the values, the kinds and the errors must be the
/// codecs'.
@Suite("Properties of the common types, read and written by the plan's loop")
struct LeafFieldTests {
    @Test("every common type is written as its own kind; nil optionals are left out")
    func values() throws {
        let full = Leaves(int: -7, text: "é", flag: true, ratio: 0.1, maybeInt: 0, maybeText: "", maybeFlag: false, maybeRatio: -2.5)
        #expect(try plainRepresentation(of: full).description == """
            ["flag": true, "int": -7, "maybeFlag": false, "maybeInt": 0, "maybeRatio": -2.5d, "maybeText": "", "ratio": 0.1d, "text": "é"]
            """)
        #expect(try plainRepresentation(of: Leaves()).description == """
            ["flag": false, "int": 0, "ratio": 0.0d, "text": ""]
            """)
    }

    @Test("nil optionals are written as NSNull when the configuration says so")
    func nulls() throws {
        #expect(try plainRepresentation(of: NullLeaves()).description == """
            ["int": 0, "maybeFlag": null, "maybeInt": null, "maybeRatio": null, "maybeText": null]
            """)
    }

    @Test("a Double that is not finite is the codec's error, under the property's key",
          arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        let plain = mappingError { _ = try Leaves(ratio: value).dictionaryRepresentation() }
        #expect(plain?.description == "ratio: expected a finite Double, found Double \(value)")
        let optional = mappingError { _ = try Leaves(maybeRatio: value).dictionaryRepresentation() }
        #expect(optional?.description == "maybeRatio: expected a finite Double, found Double \(value)")
    }

    @Test("arrays of models whose plan writes leaves read back equal")
    func roundTrip() throws {
        let models = [Leaves(int: 1, maybeText: "a"), Leaves(flag: true, maybeRatio: 1e300)]
        let written = try models.map { try $0.dictionaryRepresentation() }
        let read = try Leaves.array(from: written)
        #expect(try read.map { try plainRepresentation(of: $0) } == models.map { try plainRepresentation(of: $0) })
    }

    /// Each input, read alone, fresh (an array element, decoded in place) and into an existing
    /// model (staged): `nil` for what the codec refuses, with its message.
    static let inputs: [(key: String, value: any Sendable, read: String)] = [
        ("int", 42, "42"),
        ("int", NSNumber(value: -42), "-42"),
        ("int", NSNumber(value: Int64.max), "9223372036854775807"),
        ("int", NSNumber(value: UInt64(7)), "7"),
        ("int", NSNumber(value: true), "int: expected Int, found Bool true"),
        ("int", NSNumber(value: 2.0), "2"),
        ("int", 2.5, "int: expected Int, found Double 2.5"),
        ("text", "é", "é"),
        ("text", 12, "12"),
        ("flag", true, "true"),
        ("flag", NSNumber(value: false), "false"),
        ("flag", NSNumber(value: 1), "true"),
        ("flag", 2, "flag: expected Bool, found Int 2"),
        ("ratio", 0.5, "0.5"),
        ("ratio", 3, "3.0"),
        ("ratio", NSNumber(value: 0.25), "0.25"),
        ("ratio", Double.nan, "ratio: expected a finite Double, found Double nan"),
        ("maybeInt", NSNull(), "nil"),
        ("maybeInt", NSNumber(value: 9), "Optional(9)"),
        ("maybeText", NSNull(), "nil"),
        ("maybeText", "x", "Optional(\"x\")"),
        ("maybeFlag", NSNull(), "nil"),
        ("maybeFlag", NSNumber(value: true), "Optional(true)"),
        ("maybeRatio", NSNull(), "nil"),
        ("maybeRatio", -0.0, "Optional(-0.0)"),
        ("maybeRatio", Double.infinity, "maybeRatio: expected a finite Double, found Double inf"),
    ]

    @Test("each value reads as its codec reads it, fresh, in an array and over an existing model",
          arguments: inputs.indices)
    func reading(index: Int) {
        let (key, value, expected) = Self.inputs[index]
        func read(_ model: Leaves) -> String {
            let mirror = Mirror(reflecting: model).children.first { $0.label == key }
            return mirror.map { "\($0.value)" } ?? "?"
        }
        func outcome(_ body: () throws -> Leaves) -> String {
            do { return read(try body()) } catch { return "\(error)" }
        }
        let input: [String: Any] = [key: value]
        #expect(outcome { try Leaves(dictionary: input) } == expected)
        #expect(outcome { try Leaves.array(from: [input])[0] } == expected.replacingOccurrences(of: "\(key):", with: "[0].\(key):"))
        var existing = Leaves(int: 1, text: "t", flag: true, ratio: 1, maybeInt: 1, maybeText: "t", maybeFlag: true, maybeRatio: 1)
        #expect(outcome {
            try existing.update(from: input)
            return existing
        } == expected)
    }
}
