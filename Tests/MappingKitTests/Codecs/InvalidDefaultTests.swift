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

/// The tree's form: one line for every property of the type and of the nested types that set none.
private struct Preferences: MappableCodable, Equatable {
    var isActive = true
    var volume: UInt8 = 5
    var tags: [String] = ["x"]
    var profile = Profile()
    var strict = StrictPart()
    var id = ""

    static let mappingConfiguration = MappingConfiguration(for: Preferences.self) { map in
        map.defaultsWhenInvalid = true
        map.require(\.id, .exists)
    }
}

/// Nested, it sets none: the tree's reaches it.
private struct Profile: MappableCodable, Equatable {
    var name = "anonymous"
    var age = 30
}

/// Nested, it sets its own: values that do not convert stay errors here.
private struct StrictPart: MappableCodable, Equatable {
    var count = 0
    static let mappingConfiguration = MappingConfiguration(for: StrictPart.self) { $0.defaultsWhenInvalid = false }
}

@Suite("Defaults for invalid values, for a tree")
struct TreeInvalidDefaultTests {
    private static let input = #"{"id": "p1", "isActive": "maybe", "volume": 300, "tags": "solo", "profile": {"name": 7, "age": "old"}}"#
    private static let expected = Preferences(id: "p1")

    @Test("every input leaves each invalid value's property as declared, nested types' too")
    func everyInput() throws {
        let expected = Preferences(profile: Profile(name: "7"), id: "p1")
        #expect(try Preferences(json: Self.input) == expected)
        #expect(try mapped(Preferences.self, jsonDictionary(Self.input)) == expected)
        #expect(try JSONDecoder().decode(Preferences.self, from: Data(Self.input.utf8)) == expected)
    }

    @Test("each one is reported with the value found and the error it replaced")
    func reported() throws {
        let (_, report) = try MappingReport.collecting { try Preferences(json: Self.input) }
        #expect(report.entries.map(\.description) == [
            #"isActive: set to its default for an invalid value, its declared value (expected Bool, found String "maybe"), found String "maybe""#,
            "volume: set to its default for an invalid value, its declared value (expected UInt8 in 0...255, found Int 300), found Int 300",
            #"tags: set to its default for an invalid value, its declared value (expected Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:)), found String "solo"), found String "solo""#,
            "profile.name: coerced to String, found Int 7",
            #"profile.age: set to its default for an invalid value, its declared value (expected Int, found String "old"), found String "old""#,
        ])
    }

    @Test("an update keeps each invalid value's property as it was")
    func update() throws {
        var model = Preferences(isActive: false, volume: 9, id: "p1")
        let (_, report) = try MappingReport.collecting { try model.update(fromJSON: #"{"isActive": "maybe", "volume": 10}"#) }
        #expect(model == Preferences(isActive: false, volume: 10, id: "p1"))
        #expect(report.entries.map(\.description) == [
            #"isActive: set to its default for an invalid value, its value as it was (expected Bool, found String "maybe"), found String "maybe""#,
        ])
    }

    @Test("a failed requirement and a syntax error stay errors; a nested type with its own policy fails whole, which the tree's property takes")
    func stillErrors() throws {
        #expect(mappingError { _ = try Preferences(json: #"{"volume": 300}"#) }?.description == "id: required, missing")
        // A nested type with its own policy fails as a whole, and the tree's property keeps its value.
        let (nested, report) = try MappingReport.collecting { try Preferences(json: #"{"id": "p1", "strict": {"count": "x"}}"#) }
        #expect(nested == Preferences(id: "p1"))
        #expect(report.entries.map(\.description) == [
            #"strict: set to its default for an invalid value, its declared value (count: expected Int, found String "x"), found Dictionary of 1 key"#,
        ])
        // Mapped on its own, a nested type has only its own policies.
        #expect(mappingError { _ = try Profile(json: #"{"age": "old"}"#) }?.description == #"age: expected Int, found String "old""#)
        #expect(mappingError { _ = try Preferences(json: #"{"id": "p1", "volume": 3"#) }?.issues.map(\.kind) == [.invalidSyntax])
    }
}
