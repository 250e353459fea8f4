import Foundation
import MappingKit
import Testing

/// BetterCodable's `DefaultFalse` and `DefaultEmptyArray`, one line each.
private struct Flags: MappableCodable, Equatable {
    var isActive = true
    var tags: [String] = ["x"]
    var level: UInt8 = 1
    var nested = Inner()
    var note: String?

    static let mappingConfiguration = MappingConfiguration(for: Flags.self) { map in
        map.defaultValue(\.isActive, whenInvalid: false)
        map.defaultValue(\.tags, whenInvalid: [])
        map.defaultValue(\.level, whenInvalid: 0)
        map.defaultValue(\.nested, whenInvalid: Inner(count: -1))
        map.require(\.level, .that("below 100") { $0 < 100 })
    }
}

private struct Inner: Mappable, Equatable, Codable {
    var count = 0
}

/// Issue 62, item 5: a default for an invalid value, reported, on every input.
@Suite("A default for a value that does not convert")
struct InvalidDefaultTests {
    private static let input = #"{"isActive": "maybe", "tags": null, "level": 300, "nested": {"count": "many"}, "note": 5}"#
    private static let expected = Flags(isActive: false, tags: [], level: 0, nested: Inner(count: -1), note: "5")

    @Test("JSON bytes, dictionaries and a Decoder take the default alike")
    func everyInput() throws {
        #expect(try Flags(json: Self.input) == Self.expected)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(Self.input.utf8)) as? [String: Any])
        #expect(try Flags(dictionary: dictionary) == Self.expected)
        #expect(try JSONDecoder().decode(Flags.self, from: Data(Self.input.utf8)) == Self.expected)
    }

    @Test("each default taken is reported with the value found and the error it replaces")
    func reported() throws {
        let (_, report) = try MappingReport.collecting { try Flags(json: Self.input) }
        #expect(report.entries.map(\.description) == [
            #"isActive: set to its default for an invalid value, Bool false (expected Bool, found String "maybe"), found String "maybe""#,
            "tags: set to its default for an invalid value, Array of 0 elements (expected Array, found null), found null",
            "level: set to its default for an invalid value, Int 0 (expected UInt8 in 0...255, found Int 300), found Int 300",
            #"nested: set to its default for an invalid value, Inner (count: expected Int, found String "many"), found Dictionary of 1 key"#,
            "note: coerced to String, found Int 5",
        ])
    }

    @Test("a valid value, a missing key and a failed requirement are not invalid values")
    func notInvalid() throws {
        #expect(try Flags(json: #"{"isActive": false, "tags": ["a"], "level": 7}"#) == Flags(isActive: false, tags: ["a"], level: 7))
        #expect(try Flags(json: "{}") == Flags())
        let error = #expect(throws: MappingError.self) { try Flags(json: #"{"level": 120}"#) }
        #expect(error?.description == "level: requirement failed: expected below 100, found Int 120")
    }
}
