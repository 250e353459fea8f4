import Foundation
@testable import MappingKit
import Testing

/// Counts how often each specialization's configuration is built.
private final class BuildCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    func add(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }
    func count(_ name: String) -> Int { lock.withLock { counts[name, default: 0] } }
}

private let builds = BuildCounter()

private struct Page<Item: Mappable>: Mappable {
    var items: [Item] = []
    var nextCursor: String?
    var total = 0

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Page.self) { map in
            builds.add("\(Page.self)")
            map.keyStrategy = .snakeCase
            map.map(\.items, to: "data")
        }
    }
}

private struct Response<Body: Mappable>: Mappable {
    var body: Body?
    var status = 0

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Response.self) { map in
            map.map(\.body, to: "payload")
            map.require(\.status, .exists)
        }
    }
}

private struct Member: Mappable, Equatable {
    var login = ""
    var avatarURL: URL?
}

private struct Tag: Mappable, Equatable {
    var name = ""
}

/// Items of pages only the build-count test makes: another test running at the same moment
/// and asking first for the same specialization could run its build too (kept once).
private struct Counted: Mappable {
    var name = ""
}

private struct CountedToo: Mappable {
    var name = ""
}

private final class Feed<Entry: Mappable>: Mappable {
    var entries: [Entry] = []
    var updatedAt = ""
    required init() {}

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Feed.self) { $0.keyStrategy = .snakeCase }
    }
}

@Suite("Generic models")
struct GenericModelTests {
    @Test("a generic type's configuration is built once per specialization and kept")
    func builtOncePerSpecialization() throws {
        for _ in 0..<3 {
            _ = Page<Counted>.mappingConfiguration
            _ = Page<CountedToo>.mappingConfiguration
        }
        #expect(builds.count("Page<Counted>") == 1)
        #expect(builds.count("Page<CountedToo>") == 1)
        #expect(Page<Counted>.mappingConfiguration.rules === Page<Counted>.mappingConfiguration.rules)
        #expect(Page<Counted>.mappingConfiguration.rules.id != Page<CountedToo>.mappingConfiguration.rules.id)
    }

    @Test("each specialization maps with its configuration, and hands its strategy to its items")
    func maps() throws {
        let members = try mapped(Page<Member>.self, [
            "data": [["login": "ann", "avatar_url": "https://a.example/ann.png"]], "next_cursor": "b2", "total": 1,
        ], undefinedKeys: .raise)
        #expect(members.items == [Member(login: "ann", avatarURL: URL(string: "https://a.example/ann.png"))])
        #expect(members.nextCursor == "b2")
        let tags = try mapped(Page<Tag>.self, ["data": [["name": "swift"]], "total": 1])
        #expect(tags.items == [Tag(name: "swift")])
        #expect(String(decoding: try tags.jsonData(), as: UTF8.self) == #"{"data":[{"name":"swift"}],"total":1}"#)
    }

    @Test("generic classes too")
    func classes() throws {
        let feed = try mapped(Feed<Member>.self, ["entries": [["avatar_url": "https://a.example/a.png"]], "updated_at": "today"])
        #expect(feed.entries.first?.avatarURL == URL(string: "https://a.example/a.png"))
        #expect(feed.updatedAt == "today")
        #expect(Feed<Member>.mappingConfiguration.rules === Feed<Member>.mappingConfiguration.rules)
    }

    @Test("generic types nest in generic types")
    func nested() throws {
        let response = try mapped(Response<Page<Tag>>.self, ["status": 200, "payload": ["data": [["name": "a"]], "total": 1]])
        #expect(response.body?.items == [Tag(name: "a")])
        #expect(mappingError { _ = try mapped(Response<Tag>.self, ["payload": ["name": "a"]]) }?.description == "status: required, missing")
    }
}
