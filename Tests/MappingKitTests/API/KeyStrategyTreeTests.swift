import Foundation
import MappingKit
import Testing

private struct Owner: Mappable, Equatable {
    var login = ""
    var avatarURL: URL?
}

private struct Labels: Mappable, Equatable {
    var displayName = ""
    var owner = Owner()

    static let mappingConfiguration = MappingConfiguration(for: Labels.self) { map in
        map.keyStrategy = .useNames
    }
}

private struct Repository: Mappable, Equatable {
    var fullName = ""
    var owner = Owner()
    var contributors: [Owner] = []
    var byRole: [String: Owner] = [:]
    var labels = Labels()

    static let mappingConfiguration = MappingConfiguration(for: Repository.self) { map in
        map.keyStrategy = .snakeCase
    }
}

private struct Unconfigured: Mappable, Equatable {
    var owner = Owner()
}

private struct CodableOwner: MappableCodable {
    var avatarURL: URL?
}

private struct CodableRepository: MappableCodable {
    var fullName = ""
    var owner = CodableOwner()

    static let mappingConfiguration = MappingConfiguration(for: CodableRepository.self) { $0.keyStrategy = .snakeCase }
}

nonisolated(unsafe) private let input: [String: Any] = [
    "full_name": "mk/mk",
    "owner": ["login": "ann", "avatar_url": "https://a.example/ann.png"],
    "contributors": [["login": "bea", "avatar_url": "https://a.example/bea.png"]],
    "by_role": ["lead": ["login": "cy"]],
    "labels": ["displayName": "Core", "owner": ["login": "dee", "avatarURL": "https://a.example/dee.png"]],
]

private final class Account: Mappable {
    var displayName = ""
    var owner: Owner?
    var team: [Owner] = []
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Account.self) { $0.keyStrategy = .snakeCase }
}

@Suite("Key strategy through a tree")
struct KeyStrategyTreeTests {
    @Test("a parent's strategy reaches nested types that set none: objects, arrays, dictionaries")
    func reachesNestedTypes() throws {
        let repository = try mapped(Repository.self, input, undefinedKeys: .raise)
        #expect(repository.owner == Owner(login: "ann", avatarURL: URL(string: "https://a.example/ann.png")))
        #expect(repository.contributors == [Owner(login: "bea", avatarURL: URL(string: "https://a.example/bea.png"))])
        #expect(repository.byRole["lead"] == Owner(login: "cy"))
        #expect(Plain(try repository.dictionaryRepresentation()) == Plain(input))
    }

    @Test("classes hand their strategy down as structs do")
    func classes() throws {
        let account = try mapped(Account.self, [
            "display_name": "Ann", "owner": ["avatar_url": "https://a.example/a.png"], "team": [["login": "bea"]],
        ], undefinedKeys: .raise)
        #expect(account.owner?.avatarURL == URL(string: "https://a.example/a.png"))
        #expect(account.team == [Owner(login: "bea")])
        #expect(try plainRepresentation(of: account) == .object([
            "display_name": .string("Ann"), "owner": .object(["login": .string(""), "avatar_url": .string("https://a.example/a.png")]),
            "team": .array([.object(["login": .string("bea")])]),
        ]))
    }

    @Test("a type's own strategy wins, and is what its own nested types inherit")
    func ownStrategyWins() throws {
        let repository = try mapped(Repository.self, input)
        #expect(repository.labels.displayName == "Core")
        #expect(repository.labels.owner.avatarURL == URL(string: "https://a.example/dee.png"))
    }

    @Test("without a strategy above it, a type maps by its names, as it does alone")
    func noStrategyAbove() throws {
        let plain = try mapped(Unconfigured.self, ["owner": ["avatarURL": "https://a.example/x.png"]], undefinedKeys: .raise)
        #expect(plain.owner.avatarURL == URL(string: "https://a.example/x.png"))
        #expect(try mapped(Owner.self, ["avatarURL": "https://a.example/x.png"]).avatarURL != nil)
    }

    @Test("a mapper's strategy reaches every type that sets none; a type's own still wins")
    func mapperStrategy() throws {
        let mapper = Mapper(keyStrategy: .snakeCase)
        let plain = try mapper.map(["owner": ["avatar_url": "https://a.example/x.png"]], to: Unconfigured.self)
        #expect(plain.owner.avatarURL == URL(string: "https://a.example/x.png"))
        let labels = try mapper.map(["displayName": "L", "owner": ["avatarURL": "https://a.example/y.png"]], to: Labels.self)
        #expect(labels.displayName == "L")
        #expect(labels.owner.avatarURL == URL(string: "https://a.example/y.png"))
        #expect(Plain(try mapper.dictionaryRepresentation(of: plain)) == .object(["owner": .object(["login": .string(""), "avatar_url": .string("https://a.example/x.png")])]))
    }

    @Test("the Codable bridge hands the strategy down too")
    func codableBridge() throws {
        let json = Data(#"{"full_name": "mk/mk", "owner": {"avatar_url": "https://a.example/ann.png"}}"#.utf8)
        let repository = try JSONDecoder().decode(CodableRepository.self, from: json)
        #expect(repository.owner.avatarURL == URL(string: "https://a.example/ann.png"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(repository), as: UTF8.self)
            == #"{"full_name":"mk/mk","owner":{"avatar_url":"https://a.example/ann.png"}}"#)
    }
}
