import Foundation
import MappingKit
import Testing

private struct Account: Mappable {
    var userId = 0
    var username = ""
    var password = ""
    var nickname: String?

    static let mappingConfiguration = MappingConfiguration(for: Account.self) { map in
        map.map(\.userId, to: "user_id")
        map.represent(only: \.userId, \.username, \.nickname)
    }
}

private struct Nullable: Mappable {
    var name: String?
    var tags: [String]?
    static let mappingConfiguration = MappingConfiguration(for: Nullable.self) { $0.nilRepresentation = .null }
}

private protocol Animal {}

private struct Dog: Animal, Mappable {
    var name = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Dog.self) { $0.undefinedKeys = .stash }
}

private struct Kennel: Mappable {
    var animals: [any Animal] = []
    static let mappingConfiguration = MappingConfiguration(for: Kennel.self) { map in
        map.map(\.animals, choosing: .byKey("kind", ["dog": Dog.self]))
    }
}

private struct Point: Mappable {
    var x = 0.0
    var y = 0.0
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Point.self) { map in
        map.positions(\.x, \.y)
        map.undefinedKeys = .stash
    }
}

private struct Path: Mappable {
    var points: [Point] = []
}

@Suite("Reverse-mapping control")
struct ReverseControlTests {
    @Test("a registered subset limits what is written, not what is read")
    func registeredSubset() throws {
        let account = try mapped(Account.self, ["user_id": 1, "username": "ann", "password": "secret"])
        #expect(account.password == "secret")
        #expect(try plainRepresentation(of: account) == .object(["user_id": .int(1), "username": .string("ann")]))
    }

    @Test("a per-call subset of keys")
    func perCallSubset() throws {
        let account = Account(userId: 1, username: "ann", password: "x", nickname: "A")
        #expect(Plain(try account.dictionaryRepresentation(keys: ["username", "nickname"]))
            == .object(["username": .string("ann"), "nickname": .string("A")]))
    }

    @Test("nil as omitted (the default) or as null")
    func nilAsNull() throws {
        #expect(try plainRepresentation(of: Nullable()) == .object(["name": .null, "tags": .null]))
        #expect(try plainRepresentation(of: Nullable(name: "a", tags: ["t"]))
            == .object(["name": .string("a"), "tags": .array([.string("t")])]))
        let input: [String: Any] = ["name": NSNull(), "tags": ["x"]]
        #expect(try plainRepresentation(of: Nullable(dictionary: input)) == Plain(input))
    }

    @Test("a discriminator counts as read: it is neither stashed nor raised, and is written back")
    func discriminator() throws {
        let input: [String: Any] = ["animals": [["kind": "dog", "name": "Rex", "age": 3]]]
        let kennel = try mapped(Kennel.self, input)
        #expect((kennel.animals.first as? Dog)?.unmapped == ["age": 3])
        #expect(try plainRepresentation(of: kennel) == Plain(input))
        #expect(try mapped(Kennel.self, ["animals": [["kind": "dog", "name": "Rex"]]], undefinedKeys: .raise).animals.count == 1)
    }

    @Test("extra positions of a positional model are stashed and written back in place")
    func positions() throws {
        let input: [String: Any] = ["points": [[1.5, 2.5, 100.0], [3.5, 4.5]]]
        let path = try mapped(Path.self, input)
        #expect(path.points.map(\.unmapped) == [["2": 100.0], [:]])
        #expect(try plainRepresentation(of: path) == Plain(input))
    }
}
