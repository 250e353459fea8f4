import Foundation
import MappingKit

// JSON bytes in and out, with MappingKit's own parser and writer: no dictionary in between,
// every configuration feature as from a dictionary.

struct Feed: Mappable {
    var title = ""
    var posts: [Post] = []
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Feed.self) { $0.undefinedKeys = .stash }
}

struct Post: Mappable {
    var id: Int64 = 0
    var text = ""
    var score = 0.0
    var price = Decimal(0)
    var published = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: Post.self) { map in
        map.map(\.published, to: "published_at", using: .iso8601)
    }
}

let feedJSON = Data(#"""
    {"title": "News", "posts": [
      {"id": 9223372036854775807, "text": "caf\u00e9 ☕", "score": 0.1, "price": 19.990000000000000001,
       "published_at": "2026-11-23T08:00:00Z"}
    ], "cursor": {"next": "abc"}}
    """#.utf8)

func jsonDemo() throws {
    section("JSON in and out: bytes straight into models and back")
    let feed = try Feed(json: feedJSON)
    let post = feed.posts[0]
    print("title \(feed.title); post \(post.id) \(post.text.debugDescription), score \(post.score), price \(post.price), published \(day(post.published))")
    print("kept for the way back: \(feed.unmapped)")
    print(String(decoding: try feed.jsonData(options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
    let untyped = try JSONValue.parse(feedJSON)
    print("untyped: \(type(of: untyped)) with keys \((untyped as? [String: Any])?.keys.sorted() ?? [])")
    do {
        _ = try Feed(json: #"{"title": "News", "posts": [{"id": "x"}, {"score": 1e400}]}"#)
    } catch {
        print(error)
    }
    do {
        _ = try Feed(json: "{\"title\": \"News\",\n \"posts\": [}")
    } catch let error as MappingError {
        print(error, "— line \(error.issues[0].location?.line ?? 0)")
    }
}
