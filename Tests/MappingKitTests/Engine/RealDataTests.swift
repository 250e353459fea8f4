import Foundation
import TestSupport
import MappingKit
import Testing

/// The real-world JSON in `../shared/data` beside the package checkout.
private let dataDirectory = SharedFolder.data.url

private struct Tweet: Mappable {
    var id: Int64 = 0
    var id_str = ""
    var text = ""
    var user = Author()
    var retweet_count = 0
    var in_reply_to_status_id: Int?
    var entities: [String: Any] = [:]
}

private struct Author: Mappable {
    var id: UInt64 = 0
    var screen_name = ""
    var followers_count = 0
    var verified = false
    var url: URL?
}

private struct Coordinates: Mappable {
    var type = ""
    var features: [Feature] = []
}

private struct Feature: Mappable {
    var type = ""
    var geometry = Geometry()
}

private struct Geometry: Mappable {
    var type = ""
    var coordinates: [[[Double]]] = []
}

@Suite("Real-world JSON")
struct RealDataTests {
    @Test("twitter.json: 100 statuses with their users; 64-bit ids exact to the last digit", .needs(.data))
    func twitter() throws {
        let root = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: dataDirectory.appendingPathComponent("twitter.json"))) as? [String: Any])
        let tweets = try mappedArray(Tweet.self, root["statuses"] as? [Any] ?? [])
        #expect(tweets.count == 100)
        // The file's numeric ids were written by a lossy encoder and differ from `id_str`; what
        // matters is that the integer in the file arrives unrounded (a Double would give …680).
        #expect(tweets.first?.id == 505_874_924_095_815_700)
        #expect(tweets.first?.id_str == "505874924095815681")
        #expect(tweets.first?.user.screen_name == "ayuu0123")
        #expect(tweets.first?.in_reply_to_status_id == nil)
        let back = try tweets.map { try $0.dictionaryRepresentation() }
        #expect(try mappedArray(Tweet.self, back).map(\.id_str) == tweets.map(\.id_str))
    }

    @Test("canada.json: every coordinate of every polygon, as Double", .needs(.data))
    func canada() throws {
        let root = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: dataDirectory.appendingPathComponent("canada.json"))) as? [String: Any])
        let country = try mapped(Coordinates.self, root)
        let points = country.features.flatMap(\.geometry.coordinates).flatMap { $0 }
        #expect(country.type == "FeatureCollection")
        #expect(points.count == 55_563)
        #expect(points.allSatisfy { $0.count == 2 })
    }
}
