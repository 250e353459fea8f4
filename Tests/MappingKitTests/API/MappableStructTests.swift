import Foundation
import MappingKit
import Testing

private struct Account: Mappable, Equatable {
    var name = ""
    var balance = 0
    var active = true
    private(set) var level = 1
    let id = "constant"
    static let mappingConfiguration = MappingConfiguration(for: Account.self) { $0.ignore(\.id) }
}

private struct Constant: Mappable {
    var name = ""
    let id = "constant"
}

private struct Tuned: Mappable, Equatable {
    static let seen = Counter()
    var value = 0

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        Self.seen.increment()
        var adjusted = dictionary
        adjusted["value"] = adjusted["value"] ?? 99
        try defaultUpdate(from: adjusted, configuration: configuration)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@Suite("Mappable structs")
struct MappableStructTests {
    @Test("keys map to properties by name; absent keys keep defaults")
    func byName() throws {
        let account = try mapped(Account.self, ["name": "Ann", "balance": 10])
        #expect(account == Account(name: "Ann", balance: 10, active: true))
    }

    @Test("private(set) properties map; a let is refused until it is ignored, and never touched")
    func accessLevels() throws {
        #expect(mappingError { _ = try mapped(Constant.self, ["id": "other"]) }?.description == """
            configuration of Constant: \\Constant.id is a `let`, which MappingKit never sets (Swift may assume it keeps its initial \
            value): declare it `var` to map it, or `map.ignore(\\.id)` to leave it as `init()` makes it
            """)
        let account = try mapped(Account.self, ["level": 5, "id": "other"])
        #expect(account.level == 5)
        #expect(account.id == "constant")
        #expect(try plainRepresentation(of: account) == .object([
            "name": .string(""), "balance": .int(0), "active": .bool(true), "level": .int(5),
        ]))
    }

    @Test("update(from:) changes only the keys it is given")
    func partialUpdate() throws {
        var account = try mapped(Account.self, ["name": "Ann", "balance": 10])
        try account.update(from: ["balance": 20])
        #expect(account == Account(name: "Ann", balance: 20))
    }

    @Test("a failed update leaves the struct exactly as it was")
    func atomic() throws {
        var account = try mapped(Account.self, ["name": "Ann", "balance": 10])
        let error = mappingError { try account.update(from: ["name": "Bob", "balance": "lots", "active": false]) }
        #expect(error?.description == #"balance: expected Int, found String "lots""#)
        #expect(account == Account(name: "Ann", balance: 10))
    }

    @Test("array(from:) maps every element and reports every bad one by index")
    func arrays() throws {
        let accounts = try mappedArray(Account.self, jsonObject(#"[{"name": "a"}, {"name": "b", "balance": 2}]"#) as? [Any] ?? [])
        #expect(accounts == [Account(name: "a"), Account(name: "b", balance: 2)])
        let error = mappingError { _ = try mappedArray(Account.self, [["name": 1], "text", ["balance": 1.5]]) }
        #expect(error?.description == """
            2 problems:
              [1]: expected Account (a dictionary), found String "text"
              [2].balance: expected Int, found Double 1.5
            """)
        #expect(try mappedArray(Account.self, []) == [])
    }

    @Test("an update(from:configuration:) override runs for direct and nested mapping")
    func overridePattern() throws {
        let before = Tuned.seen.value
        #expect(try mapped(Tuned.self, [:]).value == 99)
        #expect(try mapped(Tuned.self, ["value": 1]).value == 1)
        struct Outer: Mappable { var inner = Tuned() }
        #expect(try mapped(Outer.self, ["inner": [String: Any]()]).inner.value == 99)
        // Three mappings, each from the dictionary, as an array's element and from its JSON.
        #expect(Tuned.seen.value - before == 9)
    }

    @Test("the representation maps back to an equal model")
    func roundTrip() throws {
        let account = try mapped(Account.self, ["name": "Zoë", "balance": -3, "active": false, "level": 2])
        #expect(try mapped(Account.self, account.dictionaryRepresentation()) == account)
        let data = try JSONSerialization.data(withJSONObject: account.dictionaryRepresentation())
        #expect(try mapped(Account.self, jsonDictionary(String(decoding: data, as: UTF8.self))) == account)
    }
}
