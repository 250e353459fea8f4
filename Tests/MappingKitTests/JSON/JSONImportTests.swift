import Foundation
@testable import MappingKit
import Testing

private struct Team: Mappable, Equatable {
    var id = ""
    var name = ""
    static let mappingConfiguration = MappingConfiguration(for: Team.self) { $0.identity(\.id) }
}

private struct Player: Mappable, Equatable {
    var id = 0
    var name = ""
    var number: Int?
    var team = Team()
    var club: Team?
    var tags: [String] = []
    static let mappingConfiguration = MappingConfiguration(for: Player.self) { map in
        map.identity(\.id)
        map.relationship(\.club, key: "club_id")
    }
}

/// Refers to leagues of its own type by key: a payload's elements refer to later ones.
private struct League: Mappable, Equatable {
    var id = 0
    var name = ""
    var feeders: [League] = []
    static let mappingConfiguration = MappingConfiguration(for: League.self) { map in
        map.identity(\.id)
        map.relationship(\.feeders, key: "feeder_ids")
    }
}

private final class Coach: Mappable {
    var id = 0
    var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Coach.self) { $0.identity(\.id) }
}

@Suite("JSON imports read from the bytes")
struct JSONImportTests {
    /// Whether a type maps by default is known once it has mapped: the direct path needs it.
    private func warmUp() throws {
        _ = try Player(dictionary: ["id": 0])
        _ = try Team(dictionary: ["id": "t"])
    }

    /// The same payloads imported from bytes and from their native values, each into a store of
    /// its own: the models and what the stores hold.
    private func bothWays(_ payloads: [String]) -> (json: Result<[[Player]], any Error>, native: Result<[[Player]], any Error>, teams: (IdentityMap, IdentityMap)) {
        let byJSON = IdentityMap()
        let byNative = IdentityMap()
        let json = Result { try payloads.map { try Player.array(json: Data($0.utf8), in: byJSON) } }
        let native = Result {
            try payloads.map { payload -> [Player] in
                guard let elements = try JSONValue.parse(payload) as? [Any] else { throw MappingError(.mismatch(expected: "an array", found: payload)) }
                return try Player.array(from: elements, in: byNative)
            }
        }
        return (json, native, (byJSON, byNative))
    }

    @Test("the models and the store are what importing the native values gives: duplicates, nested identities, references forward and back, re-imports")
    func sameAsNativeValues() throws {
        try warmUp()
        let first = """
            [{"id": 1, "name": "Ann", "number": 9, "team": {"id": "a", "name": "Aces"}, "club_id": "b", "tags": ["x"], "ignored": {"deep": [1, 2, {"k": null}]}},
             {"id": 2, "name": "Bo", "number": null, "team": {"id": "b", "name": "Bees"}, "club_id": "a"},
             {"id": 1, "name": "Ann Again"},
             {"id": 3, "team": {"id": "a", "name": "Aces 2"}}]
            """
        let second = #"[{"id": 2, "name": "Bo B."}, {"id": 4, "name": "Di", "club_id": "b", "team": {"id": "c", "name": "Cats"}}]"#
        let results = bothWays([first, second])
        let json = try results.json.get()
        #expect(json == (try results.native.get()))
        #expect(json[0].map(\.name) == ["Ann", "Bo", "Ann Again", ""])
        #expect(json[0][0].club == Team(id: "b", name: "Bees"))
        #expect(json[0][2] == Player(id: 1, name: "Ann Again", number: 9, team: Team(id: "a", name: "Aces"), club: Team(id: "b", name: "Bees"), tags: ["x"]))
        // A struct keeps the related value it was given: Bo's club is Aces as it was when Bo was stored.
        #expect(json[1][0] == Player(id: 2, name: "Bo B.", number: nil, team: Team(id: "b", name: "Bees"), club: Team(id: "a", name: "Aces")))
        let (byJSON, byNative) = results.teams
        #expect(byJSON.objects(of: Team.self).sorted { $0.id < $1.id } == byNative.objects(of: Team.self).sorted { $0.id < $1.id })
        #expect(byJSON.objects(of: Player.self).sorted { $0.id < $1.id } == byNative.objects(of: Player.self).sorted { $0.id < $1.id })
        #expect(byJSON.count(of: Player.self) == 4)
    }

    @Test("bad payloads fail with the message the native values give, and leave the store as it was", arguments: [
        #"[1]"#,
        #"[{"name": "no key"}]"#,
        #"[{"id": 1, "name": {"x": 1}}]"#,
        #"[{"id": 1, "team": {"name": "no id"}}]"#,
        #"[{"id": 1, "club_id": "nowhere"}]"#,
        #"[{"id": 1}, {"id": "x"}, {"id": 2, "number": "many"}]"#,
        #"{"id": 1}"#,
    ])
    func sameErrors(payload: String) throws {
        try warmUp()
        let byJSON = IdentityMap()
        let byNative = IdentityMap()
        let json = Result { try Player.array(json: Data(payload.utf8), in: byJSON) }
        let native = Result { () -> [Player] in
            guard let elements = try JSONValue.parse(payload) as? [Any] else {
                // What the import has always said of a document that is not an array.
                throw MappingError(.mismatch(expected: "an array of Player", found: "Dictionary of 1 key"))
            }
            return try Player.array(from: elements, in: byNative)
        }
        guard case .failure(let jsonError) = json, case .failure(let nativeError) = native else {
            Issue.record("both should fail: \(json.map { $0.map(\.name) }), \(native.map { $0.map(\.name) })")
            return
        }
        #expect("\(jsonError)" == "\(nativeError)")
        #expect(byJSON.count(of: Player.self) == 0 && byJSON.count(of: Team.self) == 0)
    }

    @Test("a syntax error is the parser's, with its place, and the store is not touched")
    func syntaxErrors() throws {
        try warmUp()
        let store = CountingStore()
        let payload = #"[{"id": 1}, {"id": 2,]"#
        let message = "[1]: expected a key (a string), found ']' at line 1, column 22 (byte 21)"
        #expect(parseError(payload) == message)
        #expect {
            try Player.array(json: Data(payload.utf8), in: store)
        } throws: { error in
            "\(error)" == message
        }
        #expect(store.fetches.isEmpty && store.commits == 0 && store.rollbacks == 0)
    }

    @Test("an element referred to before it comes is read from its bytes when the reference is met; a chain of them resolves in order")
    func forwardReferences() throws {
        _ = try League(dictionary: ["id": 0])
        let payload = #"[{"id": 1, "name": "Top", "feeder_ids": [2]}, {"id": 2, "name": "Mid", "feeder_ids": [3, 4]}, {"id": 3, "name": "Low"}, {"id": 4}]"#
        let byJSON = try League.array(json: Data(payload.utf8), in: IdentityMap())
        let byNative = try League.array(from: try JSONValue.parse(payload) as? [Any] ?? [], in: IdentityMap())
        #expect(byJSON == byNative)
        let low = League(id: 3, name: "Low")
        let mid = League(id: 2, name: "Mid", feeders: [low, League(id: 4)])
        #expect(byJSON == [League(id: 1, name: "Top", feeders: [mid]), mid, low, League(id: 4)])
        #expect(try PlanCache.plan(for: League.self, configuration: League.mappingConfiguration).importsJSONDirectly)
    }

    @Test("a chain of 300 elements each referring to the next resolves without counting as nesting; a cycle of structs fails as the native values fail")
    func chainsAndCycles() throws {
        _ = try League(dictionary: ["id": 0])
        let chain = "[" + (1...300).map { #"{"id": \#($0), "feeder_ids": [\#($0 + 1)]}"# }.joined(separator: ", ") + #", {"id": 301}]"#
        let byJSON = try League.array(json: Data(chain.utf8), in: IdentityMap())
        let byNative = try League.array(from: try JSONValue.parse(chain) as? [Any] ?? [], in: IdentityMap())
        #expect(byJSON == byNative)
        #expect(byJSON.count == 301 && byJSON[299].feeders == [League(id: 301)])
        let cycle = #"[{"id": 1, "feeder_ids": [2]}, {"id": 2, "feeder_ids": [1]}]"#
        let jsonError = Result { try League.array(json: Data(cycle.utf8), in: IdentityMap()) }.map { _ in "" }
        let nativeError = Result { try League.array(from: try JSONValue.parse(cycle) as? [Any] ?? [], in: IdentityMap()) }.map { _ in "" }
        guard case .failure(let json) = jsonError, case .failure(let native) = nativeError else {
            Issue.record("a cycle of structs must fail both ways")
            return
        }
        #expect("\(json)" == "\(native)")
        #expect("\(json)" == """
            2 problems:
              [0].feeder_ids[0].feeder_ids[0]: expected a League that does not contain itself (structs cannot form a cycle), found a reference back to League 1
              [1].feeder_ids[0]: expected the primary key of a League in the store or the import, found Int 1
            """)
    }

    @Test("which types are imported from the bytes")
    func directTypes() throws {
        try warmUp()
        _ = try Coach(dictionary: ["id": 1])
        #expect(try PlanCache.plan(for: Player.self, configuration: Player.mappingConfiguration).importsJSONDirectly)
        #expect(try PlanCache.plan(for: Team.self, configuration: Team.mappingConfiguration).importsJSONDirectly)
        #expect(try !PlanCache.plan(for: Coach.self, configuration: Coach.mappingConfiguration).importsJSONDirectly)
        // A class goes the native way, with the same result.
        let coaches = try Coach.array(json: Data(#"[{"id": 1, "name": "A"}, {"id": 1, "name": "B"}]"#.utf8), in: IdentityMap())
        #expect(coaches.map(\.name) == ["B", "B"] && coaches[0] === coaches[1])
    }
}

/// The parser's own message for `payload`.
private func parseError(_ payload: String) -> String {
    do {
        _ = try JSONValue.parse(payload)
        return ""
    } catch {
        return "\(error)"
    }
}
