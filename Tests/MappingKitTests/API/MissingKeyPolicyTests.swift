import Foundation
import MappingKit
import Testing

// GitHub's discussion category, the issue's example: read alone, without its parent's
// `.snakeCase`, every property silently kept its declared value.
private struct DiscussionCategory: Mappable, Equatable {
    var nodeId = ""
    var repositoryId = 0
    var name = ""
    var emoji: String?
    var isAnswerable = false
}

private struct Discussion: Mappable, Equatable {
    var title = ""
    var category = DiscussionCategory()
    var labels: [Label] = []
    var reactions: [String: Label] = [:]
    var answer: DiscussionCategory?

    static let mappingConfiguration = MappingConfiguration(for: Discussion.self) { map in
        map.keyStrategy = .snakeCase
        map.missingKeys = .raise
    }
}

private struct Label: Mappable, Equatable {
    var name = ""
    var color: String?
}

/// Sets its own policy: the parent's does not replace it.
private struct Lenient: Mappable, Equatable {
    var note = "none"

    static let mappingConfiguration = MappingConfiguration(for: Lenient.self) { $0.missingKeys = .keep }
}

private struct Envelope: Mappable, Equatable {
    var lenient = Lenient()
    var label = Label()

    static let mappingConfiguration = MappingConfiguration(for: Envelope.self) { $0.missingKeys = .raise }
}

/// Exemptions: a default for a missing key, `allowsMissing`, an ignored property; a renamed key
/// with a typo, and a key path.
private struct Reaction: Mappable, Equatable {
    var plusOne = 0
    var minusOne = 0
    var total = 0
    var createdAt = "2020-01-01"
    var cache = ""
    var city = ""

    static let mappingConfiguration = MappingConfiguration(for: Reaction.self) { map in
        map.missingKeys = .raise
        map.map(\.plusOne, to: "+l")   // a typo for "+1": now noticed
        map.map(\.minusOne, to: "-1")
        map.defaultValue(\.total, whenMissing: -1)
        map.allowsMissing(\.createdAt)
        map.ignore(\.cache)
        map.map(\.city, to: "address.city")
    }
}

private final class Account: Mappable {
    var login = ""
    var avatarURL: URL?
    var followers = 0
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Account.self) { map in
        map.keyStrategy = .snakeCase
        map.missingKeys = .raise
    }
}

/// A wrapper holding its value as it is: the field is an indirect one, which follows the policy.
@propertyWrapper private struct Kept: MappableWrapper {
    var wrappedValue: String
}

private struct Player: Mappable {
    @Kept var nick = ""
    var level: Int?

    static let mappingConfiguration = MappingConfiguration(for: Player.self) { $0.missingKeys = .raise }
}

private struct CodableCategory: MappableCodable, Equatable {
    var nodeId = ""
    var name = ""
    var emoji: String?

    static let mappingConfiguration = MappingConfiguration(for: CodableCategory.self) { map in
        map.keyStrategy = .snakeCase
        map.missingKeys = .raise
    }
}

@Suite("Missing keys as errors, for a whole tree")
struct MissingKeyPolicyTests {
    @Test("by default an absent key keeps the declared value, as it always did")
    func keepsByDefault() throws {
        #expect(try mapped(DiscussionCategory.self, ["name": "Q&A"]) == DiscussionCategory(name: "Q&A"))
        #expect(MappingConfiguration().missingKeys == .keep)
    }

    @Test("under raise, every absent key of a non-optional property is reported at once, at its path; optionals become nil")
    func raisesEveryAbsentKey() throws {
        var configuration = DiscussionCategory.mappingConfiguration
        configuration.missingKeys = .raise
        let mapper = Mapper()
        mapper.register(configuration, for: DiscussionCategory.self)
        #expect(mappingError { _ = try mapper.map(["nodeId": "DIC_1", "emoji": ":bulb:"], to: DiscussionCategory.self) }?.description == """
            3 problems:
              repositoryId: required, missing
              name: required, missing
              isAnswerable: required, missing
            """)
        let complete: [String: Any] = ["nodeId": "DIC_1", "repositoryId": 7, "name": "Q&A", "isAnswerable": true]
        #expect(try mapper.map(complete, to: DiscussionCategory.self)
            == DiscussionCategory(nodeId: "DIC_1", repositoryId: 7, name: "Q&A", emoji: nil, isAnswerable: true))
    }

    @Test("a parent's policy reaches nested types that set none: objects, optionals, arrays, dictionaries; on every path")
    func reachesNestedTypes() throws {
        let category: [String: Any] = ["node_id": "DIC_1", "repository_id": 7, "name": "Q&A", "is_answerable": true]
        let input: [String: Any] = [
            "title": "Why?", "category": category, "labels": [["name": "bug"]], "reactions": ["heart": ["name": "love"]],
        ]
        let discussion = try mapped(Discussion.self, input)
        #expect(discussion.category == DiscussionCategory(nodeId: "DIC_1", repositoryId: 7, name: "Q&A", isAnswerable: true))
        #expect(discussion.labels == [Label(name: "bug")])
        #expect(discussion.answer == nil)
        let broken: [String: Any] = [
            "category": ["nodeId": "DIC_1", "repositoryId": 7, "name": "Q&A", "isAnswerable": true],
            "labels": [["name": "bug"], ["color": "red"]],
            "reactions": ["heart": [:] as [String: Any]],
            "answer": ["name": "A"],
        ]
        #expect(mappingError { _ = try mapped(Discussion.self, broken) }?.description == """
            9 problems:
              title: required, missing
              category.node_id: required, missing
              category.repository_id: required, missing
              category.is_answerable: required, missing
              labels[1].name: required, missing
              reactions.heart.name: required, missing
              answer.node_id: required, missing
              answer.repository_id: required, missing
              answer.is_answerable: required, missing
            """)
    }

    @Test("a nested type's own policy wins over its parent's")
    func ownPolicyWins() throws {
        #expect(try mapped(Envelope.self, ["lenient": [:] as [String: Any], "label": ["name": "x"]]) == Envelope(label: Label(name: "x")))
        #expect(mappingError { _ = try mapped(Envelope.self, ["lenient": [:] as [String: Any], "label": [:] as [String: Any]]) }?.description
            == "label.name: required, missing")
    }

    @Test("defaults for a missing key, allowsMissing and ignored properties are exempt; a mistyped key and a key path are reported")
    func exemptionsAndTypos() throws {
        let input: [String: Any] = ["+1": 3, "-1": 0, "address": ["city": "Oslo"]]
        #expect(mappingError { _ = try mapped(Reaction.self, input) }?.description == #"["+l"]: required, missing"#)
        #expect(mappingError { _ = try mapped(Reaction.self, ["+l": 3, "-1": 0, "address": [:] as [String: Any]]) }?.description
            == "address.city: required, missing")
        let reaction = try mapped(Reaction.self, ["+l": 3, "-1": 0, "address": ["city": "Oslo"]])
        #expect(reaction == Reaction(plusOne: 3, minusOne: 0, total: -1, createdAt: "2020-01-01", cache: "", city: "Oslo"))
    }

    @Test("an update in place keeps PATCH semantics: absent keys leave their values, nested models included")
    func updatesKeepPatchSemantics() throws {
        var discussion = try mapped(Discussion.self, [
            "title": "Why?", "category": ["node_id": "DIC_1", "repository_id": 7, "name": "Q&A", "is_answerable": true],
            "labels": [] as [Any], "reactions": [:] as [String: Any],
        ])
        try discussion.update(from: ["title": "Why not?", "category": ["name": "Ideas"]])
        #expect(discussion.title == "Why not?")
        #expect(discussion.category == DiscussionCategory(nodeId: "DIC_1", repositoryId: 7, name: "Ideas", isAnswerable: true))
        try discussion.update(fromJSON: Data(#"{"category": {"emoji": ":bulb:"}}"#.utf8))
        #expect(discussion.category.emoji == ":bulb:")
        #expect(discussion.category.name == "Ideas")
    }

    @Test("a mapper's policy reaches every type that sets none; a type's own still wins")
    func mapperPolicy() throws {
        let strict = Mapper(keyStrategy: .snakeCase, missingKeys: .raise)
        #expect(strict.missingKeys == .raise)
        #expect(mappingError { _ = try strict.map(["name": "Q&A", "emoji": ":bulb:"], to: DiscussionCategory.self) }?.description == """
            3 problems:
              node_id: required, missing
              repository_id: required, missing
              is_answerable: required, missing
            """)
        #expect(try strict.map([:], to: Lenient.self) == Lenient())
        #expect(try strict.array(of: Label.self, from: [["name": "a"]]) == [Label(name: "a")])
        #expect(mappingError { _ = try strict.array(of: Label.self, from: [["name": "a"], ["color": "red"]]) }?.description
            == "[1].name: required, missing")
        #expect(try Mapper().map([:], to: DiscussionCategory.self) == DiscussionCategory())
    }

    @Test("classes, property wrappers and JSON bytes follow the policy as structs and dictionaries do")
    func classesWrappersAndJSON() throws {
        #expect(mappingError { _ = try mapped(Account.self, ["avatar_url": "https://a.example/a.png"]) }?.description == """
            2 problems:
              login: required, missing
              followers: required, missing
            """)
        let account = try mapped(Account.self, ["login": "ann", "followers": 3])
        #expect((account.login, account.avatarURL, account.followers) == ("ann", nil, 3))
        #expect(mappingError { _ = try mapped(Player.self, ["level": 3]) }?.description == "nick: required, missing")
        #expect(try mapped(Player.self, ["nick": "ann"]).nick == "ann")
        #expect(mappingError { _ = try Discussion.array(json: Data(#"[{"title": "a", "category": {}}]"#.utf8)) }?.description == """
            6 problems:
              [0].category.node_id: required, missing
              [0].category.repository_id: required, missing
              [0].category.name: required, missing
              [0].category.is_answerable: required, missing
              [0].labels: required, missing
              [0].reactions: required, missing
            """)
    }

    @Test("the Codable bridge raises as Codable's own keyNotFound would, with every key")
    func codableBridge() throws {
        let decoded = try JSONDecoder().decode(CodableCategory.self, from: Data(#"{"node_id": "DIC_1", "name": "Q&A"}"#.utf8))
        #expect(decoded == CodableCategory(nodeId: "DIC_1", name: "Q&A", emoji: nil))
        do {
            _ = try JSONDecoder().decode(CodableCategory.self, from: Data(#"{"emoji": "x"}"#.utf8))
            Issue.record("expected keyNotFound")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "node_id")
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == """
                2 problems:
                  node_id: required, missing
                  name: required, missing
                """)
            #expect((context.underlyingError as? MappingError)?.issues.map(\.path) == ["node_id", "name"])
        }
        let nested = Data(#"[{"node_id": "a", "name": "b"}, {"node_id": "c"}]"#.utf8)
        do {
            _ = try JSONDecoder().decode([CodableCategory].self, from: nested)
            Issue.record("expected keyNotFound")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "name")
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1"])
        }
    }
}
