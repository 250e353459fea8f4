import Foundation
import TestSupport
import MappingKit

/// The real-world JSON in `../shared/data` beside the package checkout.
let dataDirectory = SharedFolder.data.url

/// A fresh database file, removed with its folder when `body` returns.
func withDatabase<Result>(_ body: (String) throws -> Result) throws -> Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("MappingKitSQLiteTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.appendingPathComponent("store.sqlite").path)
}

/// A status of twitter.json: its user and the status it retweets are stored by foreign key.
final class Tweet: Mappable {
    var id = 0
    var text = ""
    var user = TwitterUser()
    var retweeted_status: Tweet?
    var retweet_count = 0
    var favorited = false
    var entities: [String: Any] = [:]
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Tweet.self) { $0.identity(\.id) }
}

/// A user of twitter.json; keys the model does not name are stashed, and stored as JSON.
final class TwitterUser: Mappable {
    var id = 0
    var screen_name = ""
    var followers_count = 0
    var verified = false
    var url: String?
    var unmapped = UnmappedValues()
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: TwitterUser.self) { map in
        map.identity(\.id)
        map.undefinedKeys = .stash
    }
}

/// citm_catalog.json: events by id, performances referring to them by `eventId`.
struct Catalog: Mappable {
    var events: [String: Event] = [:]
    var performances: [Performance] = []
}

struct Event: Mappable, Equatable {
    var id = 0
    var name = ""
    var subTopicIds: [Int] = []
    var topicIds: [Int] = []
    var logo: String?
    static let mappingConfiguration = MappingConfiguration(for: Event.self) { $0.identity(\.id) }
}

struct Performance: Mappable {
    var id = 0
    var event = Event()
    var prices: [Price] = []
    var seatCategories: [[String: Any]] = []
    var start = 0
    var venueCode = ""
    static let mappingConfiguration = MappingConfiguration(for: Performance.self) { map in
        map.identity(\.id)
        map.relationship(\.event, key: "eventId")
    }
}

struct Price: Mappable, Equatable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

/// A small pair for the cases real data does not show: a class with an optional relationship.
final class Staff: Mappable {
    var id = 0
    var name = ""
    var joined = Date(timeIntervalSince1970: 0)
    var salary = Decimal(0)
    var big: UInt64 = 0
    var firm: Firm?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Staff.self) { map in
        map.identity(\.id)
        map.relationship(\.firm, key: "firm_id")
    }
}

final class Firm: Mappable {
    var id = ""
    var name = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Firm.self) { $0.identity(\.id) }
}
