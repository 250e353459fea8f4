import Foundation
import MappingKit
import Testing

private struct Profile: Mappable, Equatable {
    var userId = 0
    var displayName = ""
    var city = ""
    var firstImage = ""
    var version = ""
    var nickname = ""
    var cache = ""

    static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.userId, to: "id", "user_id")
        map.map(\.city, to: "address.city")
        map.map(\.firstImage, to: "images.0.url")
        map.map(\.version, to: #"version\.major"#)
        map.map(\.nickname, to: .literal("a.b"))
        map.ignore(\.cache)
    }
}

private struct Shared: Mappable, Equatable {
    var title = ""
    var headline = ""

    static let mappingConfiguration = MappingConfiguration(for: Shared.self) { map in
        map.map(\.title, to: "name")
        map.map(\.headline, to: "name")
    }
}

@Suite("Configuration: keys")
struct MappingConfigurationKeysTests {
    @Test("renames, key strategy, nested paths, array indexes, literal dots and ignored properties")
    func decode() throws {
        let profile = try mapped(Profile.self, jsonDictionary(#"""
            {"user_id": 7, "display_name": "Ann", "address": {"city": "Oslo"},
             "images": [{"url": "a.png"}, {"url": "b.png"}], "version.major": "6", "a.b": "annie",
             "cache": "x", "displayName": "ignored: the strategy maps display_name"}
            """#))
        #expect(profile == Profile(userId: 7, displayName: "Ann", city: "Oslo", firstImage: "a.png",
                                   version: "6", nickname: "annie", cache: ""))
    }

    @Test("the first key present wins")
    func alternatives() throws {
        #expect(try mapped(Profile.self, ["id": 1, "user_id": 2]).userId == 1)
        #expect(try mapped(Profile.self, ["user_id": 2]).userId == 2)
    }

    @Test("the representation writes the first key, builds nested paths and leaves ignored properties out")
    func encode() throws {
        let profile = Profile(userId: 7, displayName: "Ann", city: "Oslo", firstImage: "a.png",
                              version: "6", nickname: "annie", cache: "x")
        #expect(try plainRepresentation(of: profile) == .object([
            "id": .int(7), "display_name": .string("Ann"), "address": .object(["city": .string("Oslo")]),
            "images": .array([.object(["url": .string("a.png")])]), "version.major": .string("6"),
            "a.b": .string("annie"),
        ]))
        #expect(try mapped(Profile.self, profile.dictionaryRepresentation()) == Profile(
            userId: 7, displayName: "Ann", city: "Oslo", firstImage: "a.png", version: "6", nickname: "annie"))
    }

    @Test("errors under a key path carry the whole path")
    func errorPaths() throws {
        let input = try jsonDictionary(#"{"address": {"city": ["x"]}, "images": [{"url": false}], "id": "one"}"#)
        #expect(mappingError { _ = try mapped(Profile.self, input) }?.description == """
            3 problems:
              id: expected Int, found String "one"
              address.city: expected String, found Array of 1 element
              images[0].url: expected String, found Bool false
            """)
    }

    @Test("one key can feed several properties; the first writes it back")
    func sharedKey() throws {
        let shared = try mapped(Shared.self, ["name": "News"])
        #expect(shared == Shared(title: "News", headline: "News"))
        #expect(try plainRepresentation(of: Shared(title: "A", headline: "B")) == .object(["name": .string("A")]))
    }

    @Test("ExternalKey parses dots, escapes, quoted keys and indexes; its description parses back", arguments: [
        ("a", [.key("a")]), ("a.b.c", [.key("a"), .key("b"), .key("c")]), (#"a\.b"#, [.key("a.b")]),
        ("images.0.url", [.key("images"), .index(0), .key("url")]),
        ("stats.'2023'.total", [.key("stats"), .key("2023"), .key("total")]),
        ("0.a", [.key("0"), .key("a")]), ("a.007", [.key("a"), .key("007")]), ("a.''", [.key("a"), .key("")]),
        ("", [.key("")]), (#"trailing\"#, [.key(#"trailing\"#)]), (#"back\\slash"#, [.key(#"back\slash"#)]),
        ("a.'''b'''", [.key("a"), .key("''b''")]),
    ] as [(String, [ExternalKey.Step])])
    func parsing(text: String, steps: [ExternalKey.Step]) {
        #expect(ExternalKey(text).steps == steps)
        #expect(ExternalKey(ExternalKey(steps: steps).description).steps == steps)
    }

    @Test("snake_case conversion", arguments: [
        ("userId", "user_id"), ("aboutURL", "about_url"), ("URLString", "url_string"), ("id", "id"),
        ("displayName2", "display_name2"), ("already_snake", "already_snake"), ("HTTPResponseCode", "http_response_code"),
    ])
    func snakeCase(name: String, key: String) {
        #expect(KeyStrategy.snakeCase.key(for: name) == key)
    }

    @Test("a custom key strategy, and explicit keys winning over it")
    func customStrategy() throws {
        var configuration = MappingConfiguration()
        configuration.keyStrategy = .custom("upper") { $0.uppercased() }
        var profile = Profile()
        try profile.update(from: ["USERID": 3, "CITY": "Rome", "city": "no"], configuration: configuration)
        #expect(profile.userId == 3)
        #expect(profile.city == "Rome")
    }
}
