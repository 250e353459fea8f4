import Foundation
import MappingKit

// The same data through configuration: camelCase properties from snake_case keys, explicit
// renames, and dates through adapters. Compared with the unconfigured models in the same run.

let twitterDate = Adapter<Date>.date(format: "EEE MMM dd HH:mm:ss Z yyyy")

struct ConfiguredStatus: Mappable {
    var createdAt = Date(timeIntervalSince1970: 0)
    var id = 0
    var idString = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int?
    var inReplyToUserId: Int?
    var inReplyToScreenName: String?
    var user = ConfiguredUser()
    var entities = Entities()
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var language = ""

    static let mappingConfiguration = MappingConfiguration(for: ConfiguredStatus.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.createdAt, to: "created_at", using: twitterDate)
        map.map(\.idString, to: "id_str")
        map.map(\.language, to: "lang")
    }
}

struct ConfiguredUser: Mappable {
    var id = 0
    var idString = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = Date(timeIntervalSince1970: 0)
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var language = ""
    var profileImageUrl = ""
    var profileBackgroundColor = ""
    var defaultProfile = false

    static let mappingConfiguration = MappingConfiguration(for: ConfiguredUser.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.createdAt, to: "created_at", using: twitterDate)
        map.map(\.idString, to: "id_str")
        map.map(\.language, to: "lang")
    }
}

struct ConfiguredPerformance: Mappable {
    var event = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [Price] = []
    var seatCategories: [SeatCategory] = []
    var seatMapImage: String?
    var start = Date(timeIntervalSince1970: 0)
    var venue = ""

    static let mappingConfiguration = MappingConfiguration(for: ConfiguredPerformance.self) { map in
        map.map(\.event, to: "eventId")
        map.map(\.venue, to: "venueCode")
        map.map(\.start, using: .unixMilliseconds)
    }
}

/// The configured statuses from the whole document.
struct ConfiguredFeed: Mappable {
    var statuses: [ConfiguredStatus] = []
}

/// A catalogue's performances only, configured and not, from the whole document.
struct ConfiguredPerformances: Mappable {
    var performances: [ConfiguredPerformance] = []
}

struct Performances: Mappable {
    var performances: [Performance] = []
}
