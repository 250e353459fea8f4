import Foundation
import MappingKit
import Testing

private struct Toot: Mappable, Equatable {
    var id = 0
    var text = ""
}

// Mastodon-like: a feed whose lists sometimes hold an entry of another shape.
private struct Feed: Mappable, Equatable {
    var ids: [Int] = []
    var tags: Set<Int> = []
    var counts: [String: Int] = [:]
    var toots: [Toot] = []
    var pinned: [Int]?
    var strict: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: Feed.self) { map in
        map.lossy(\.ids)
        map.lossy(\.tags)
        map.lossy(\.counts)
        map.lossy(\.toots)
        map.lossy(\.pinned)
    }
}

private struct Timeline: Mappable, Equatable {
    var toots: [Toot] = []
    var account = Account()

    static let mappingConfiguration = MappingConfiguration(for: Timeline.self) { $0.lossyCollections = true }
}

private struct Account: Mappable, Equatable {
    var fields: [Int] = []
}

private struct Misfit: Mappable {
    var name = ""

    static let mappingConfiguration = MappingConfiguration(for: Misfit.self) { $0.lossy(\.name) }
}

private struct CodableFeed: MappableCodable, Equatable {
    var ids: [Int] = []
    var counts: [String: Int] = [:]

    static let mappingConfiguration = MappingConfiguration(for: CodableFeed.self) { map in
        map.lossy(\.ids)
        map.lossy(\.counts)
    }
}

nonisolated(unsafe) private let feedInput: [String: Any] = [
    "ids": [1, "two", 3],
    "tags": [1, "x", 2],
    "counts": ["x": 1, "y": "many"],
    "toots": [["id": 1, "text": "hi"], ["id": "bad", "text": 5], ["id": 3]],
    "pinned": [7, NSNull()],
    "strict": [1],
]

@Suite("Lossy collections, opt-in and reported")
struct LossyCollectionTests {
    @Test("a lossy array, set or dictionary leaves out what does not convert and keeps the rest, on every path")
    func leavesOutBadElements() throws {
        let feed = try mapped(Feed.self, feedInput)
        #expect(feed == Feed(
            ids: [1, 3], tags: [1, 2], counts: ["x": 1], toots: [Toot(id: 1, text: "hi"), Toot(id: 3)], pinned: [7], strict: [1]
        ))
    }

    @Test("each element left out is in the report, with its path and its error")
    func reported() throws {
        let (feed, report) = try MappingReport.collecting { try Feed(dictionary: feedInput) }
        #expect(feed.ids == [1, 3])
        #expect(report.description == """
            5 entries:
              ids[1]: left out of its collection (expected Int, found String "two"), found String "two"
              tags[1]: left out of its collection (expected Int, found String "x"), found String "x"
              counts.y: left out of its collection (expected Int, found String "many"), found String "many"
              toots[1]: left out of its collection (id: expected Int, found String "bad"), found Dictionary of 2 keys
              pinned[1]: left out of its collection (expected Int, found null), found null
            """)
    }

    @Test("never the default: a collection without the rule still fails on one bad element")
    func strictByDefault() {
        var input = feedInput
        input["strict"] = [1, "x"]
        #expect(mappingError { _ = try mapped(Feed.self, input) }?.description == #"strict[1]: expected Int, found String "x""#)
    }

    @Test("input that is no collection at all is still an error")
    func notACollection() {
        var input = feedInput
        input["ids"] = ["one": 1]
        #expect(mappingError { _ = try mapped(Feed.self, input) }?.description == "ids: expected Array, found Dictionary of 1 key")
    }

    @Test("for a tree: every collection of the type and of nested types that set none")
    func tree() throws {
        let timeline = try mapped(Timeline.self, ["toots": [["id": 1], ["id": "x"]], "account": ["fields": [1, "a"]]])
        #expect(timeline == Timeline(toots: [Toot(id: 1)], account: Account(fields: [1])))
        #expect(mappingError { _ = try mapped(Account.self, ["fields": [1, "a"]]) }?.description == #"fields[1]: expected Int, found String "a""#)
    }

    @Test("a property that is no array, set or dictionary is a configuration error")
    func misfit() {
        #expect(mappingError { _ = try Misfit(dictionary: [:]) }?.description
            == #"configuration of Misfit: \Misfit.name is made lossy, but a String is no array, set or dictionary"#)
    }

    @Test("the Codable bridge leaves out the same elements")
    func codableBridge() throws {
        let json = Data(#"{"ids": [1, "two", 3], "counts": {"x": 1, "y": "many"}}"#.utf8)
        #expect(try JSONDecoder().decode(CodableFeed.self, from: json) == CodableFeed(ids: [1, 3], counts: ["x": 1]))
    }
}
