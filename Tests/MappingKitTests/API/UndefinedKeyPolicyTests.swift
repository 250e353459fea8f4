import Foundation
import MappingKit
import Testing

/// A configuration's policy governs its own type; nested types declare theirs (a policy given
/// per call or by a mapper governs every model in the call).
private struct Address: Mappable, Equatable {
    var city = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Address.self) { $0.undefinedKeys = .stash }
}

private struct Member: Mappable, Equatable {
    var name = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Member.self) { $0.undefinedKeys = .stash }
}

private struct Profile: Mappable, Equatable {
    var userId = 0
    var city = ""
    var address = Address()
    var members: [Member] = []
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
        map.map(\.userId, to: "user_id", "id")
        map.map(\.city, to: "location.city")
        map.undefinedKeys = .stash
    }
}

private struct Nullable: Mappable {
    var name: String?
    var url: URL?
    var tags: [String]?
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Nullable.self) { $0.undefinedKeys = .stash }
}

private struct Loose: Mappable {
    var name = ""
}

nonisolated(unsafe) private let input: [String: Any] = [
    "user_id": 7, "id": 8, "theme": "dark",
    "location": ["city": "Oslo", "zip": "0150", "geo": ["lat": 59.9]],
    "address": ["city": "Bergen", "floor": 3],
    "members": [["name": "Ann", "role": "owner"], ["name": "Bob"]],
    "flags": [true, false], "nothing": NSNull(),
]

@Suite("Undefined keys: raise, drop, stash")
struct UndefinedKeyPolicyTests {
    @Test("stash keeps every undefined key with its value, at every level, and writes it back in place")
    func stash() throws {
        let profile = try mapped(Profile.self, input)
        #expect(profile.userId == 7)
        #expect(profile.city == "Oslo")
        #expect(profile.unmapped == [
            "theme": "dark", "location": ["zip": "0150", "geo": ["lat": 59.9]], "flags": [true, false],
            "nothing": NSNull(),
        ])
        #expect(profile.address.unmapped == ["floor": 3])
        #expect(profile.members.map(\.unmapped) == [["role": "owner"], [:]])
        #expect(Plain(try profile.dictionaryRepresentation()) == Plain(input.filter { $0.key != "id" }))
    }

    @Test("stash keeps a null that a property read, so writing back gives null again, not a missing key")
    func stashKeepsNulls() throws {
        let input: [String: Any] = ["name": NSNull(), "url": NSNull()]
        var model = try mapped(Nullable.self, input)
        #expect(model.name == nil && model.url == nil && model.tags == nil)
        #expect(model.unmapped == ["name": NSNull(), "url": NSNull()])
        #expect(Plain(try model.dictionaryRepresentation()) == Plain(input))
        let json = try Nullable(json: Data(#"{"name":null,"url":null}"#.utf8))
        #expect(json.unmapped == ["name": NSNull(), "url": NSNull()])
        #expect(String(decoding: try json.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"name":null,"url":null}"#)
        #expect(String(decoding: try json.jsonData(), as: UTF8.self) == #"{"name":null,"url":null}"#)
        // A value set later is written instead of the kept null; a key that was absent stays absent.
        model.name = "Ann"
        #expect(Plain(try model.dictionaryRepresentation()) == Plain(["name": "Ann", "url": NSNull()]))
        #expect(String(decoding: try model.jsonData(), as: UTF8.self) == #"{"name":"Ann","url":null}"#)
    }

    @Test("alternative keys count as read: they are neither stashed nor raised")
    func alternativesAreConsumed() throws {
        #expect(try mapped(Profile.self, ["id": 1, "user_id": 2]).unmapped.isEmpty)
        #expect(try mapped(Profile.self, ["id": 1, "user_id": 2], undefinedKeys: .raise).userId == 2)
    }

    @Test("raise lists every undefined key with its full path, nested models included, word for word")
    func raise() {
        let error = mappingError { _ = try mapped(Profile.self, input, undefinedKeys: .raise) }
        #expect(error?.description == """
            7 problems:
              address.floor: expected a key Address maps, found Int 3
              members[0].role: expected a key Member maps, found String "owner"
              flags: expected a key Profile maps, found Array of 2 elements
              location.geo: expected a key Profile maps, found Dictionary of 1 key
              location.zip: expected a key Profile maps, found String "0150"
              nothing: expected a key Profile maps, found null
              theme: expected a key Profile maps, found String "dark"
            """)
    }

    @Test("drop ignores undefined keys, per call or by default")
    func drop() throws {
        let profile = try mapped(Profile.self, input, undefinedKeys: .drop)
        #expect(profile.unmapped.isEmpty)
        #expect(profile.address.unmapped.isEmpty)
        #expect(try mapped(Loose.self, ["name": "a", "other": 1]).name == "a")
    }

    @Test("update(from:) under stash adds new undefined keys and replaces known ones")
    func updateMerges() throws {
        var profile = try mapped(Profile.self, ["user_id": 1, "theme": "dark", "lang": "en"])
        try profile.update(from: ["theme": "light", "beta": true])
        #expect(profile.unmapped == ["theme": "light", "lang": "en", "beta": true])
        #expect(profile.userId == 1)
    }

    @Test("array(from:) applies the policy to every element, and reports every element's keys")
    func arrays() throws {
        let members = try mappedArray(Member.self, [["name": "a", "x": 1], ["name": "b"]], undefinedKeys: .stash)
        #expect(members.map(\.unmapped) == [["x": 1], [:]])
        #expect(try mappedArray(Member.self, [["name": "a", "x": 1]], undefinedKeys: .drop).map(\.unmapped) == [[:]])
        #expect(mappingError { _ = try mappedArray(Member.self, [["name": "a", "x": 1], ["y": 2]], undefinedKeys: .raise) }?
            .description == """
            2 problems:
              [0].x: expected a key Member maps, found Int 1
              [1].y: expected a key Member maps, found Int 2
            """)
    }

    @Test("stash without an UnmappedValues property is a configuration error")
    func stashNeedsAProperty() {
        #expect(mappingError { _ = try mapped(Loose.self, ["name": "a"], undefinedKeys: .stash) }?.description
            == "configuration of Loose: Loose has no UnmappedValues property to stash undefined keys in")
    }

    @Test("a mapper's policy applies to every model mapped through it")
    func mapperPolicy() {
        let strict = Mapper(undefinedKeys: .raise)
        #expect(mappingError { _ = try strict.map(["name": "a", "extra": 1], to: Loose.self) }?.description
            == "extra: expected a key Loose maps, found Int 1")
    }
}

@Suite("UnmappedValues")
struct UnmappedValuesTests {
    @Test("read, edit, iterate, compare and describe")
    func api() {
        var values: UnmappedValues = ["b": 2, "a": "x"]
        #expect(values.keys == ["a", "b"])
        #expect(values.count == 2)
        #expect(values["a"] as? String == "x")
        values["c"] = [1.5]
        values.removeValue(forKey: "b")
        #expect(values.map(\.key) == ["a", "c"])
        #expect(values.description == #"UnmappedValues(["a": "x", "c": [1.5]])"#)
        #expect(values == UnmappedValues(["a": "x", "c": [1.5]]))
        #expect(UnmappedValues(["n": 1]) != UnmappedValues(["n": 1.0]))
        #expect(UnmappedValues(["n": 1]) != UnmappedValues(["n": true]))
        #expect(UnmappedValues(["n": NSNumber(value: 1)]) == UnmappedValues(["n": 1]))
        values.merge(["a": "y", "d": NSNull()])
        #expect(values == ["a": "y", "c": [1.5], "d": NSNull()])
        #expect(UnmappedValues().isEmpty)
    }
}
