import Foundation
import MappingKit

// twitter.json's statuses as an app would model them (issue 41): camelCase properties under
// `.snakeCase`, `created_at` as a `Date` through the Twitter pattern, URLs as `URL?`, 20 status
// and 25 user fields. `PlainStatus` is its twin with the dates and URLs kept as `String`s, so
// that the two rows' difference is what dates and URLs cost. Both are `Codable` too, for the
// JSONDecoder row (`.convertFromSnakeCase` and one `DateFormatter`, as such an app would write).

struct RealisticStatus: Mappable, Codable, Equatable {
    var createdAt = Date(timeIntervalSince1970: 0)
    var id = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user = RealisticUser()
    var entities = RealisticEntities()
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    var possiblySensitive: Bool?
    var metadata = StatusMetadata()

    static let mappingConfiguration = MappingConfiguration(for: RealisticStatus.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.createdAt, using: twitterDate)
    }
}

struct RealisticUser: Mappable, Codable, Equatable {
    var id = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: URL?
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
    var lang = ""
    var profileBackgroundColor = ""
    var profileBackgroundImageUrl: URL?
    var profileImageUrl: URL?
    var profileImageUrlHttps: URL?
    var profileBannerUrl: URL?
    var defaultProfile = false

    static let mappingConfiguration = MappingConfiguration(for: RealisticUser.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.createdAt, using: twitterDate)
    }
}

struct RealisticEntities: Mappable, Codable, Equatable {
    var hashtags: [Hashtag] = []
    var urls: [RealisticLink] = []
    var userMentions: [RealisticMention] = []

    static let mappingConfiguration = MappingConfiguration(for: RealisticEntities.self) { $0.keyStrategy = .snakeCase }
}

struct RealisticLink: Mappable, Codable, Equatable {
    var url: URL?
    var expandedUrl: URL?
    var displayUrl = ""
    var indices: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: RealisticLink.self) { $0.keyStrategy = .snakeCase }
}

struct RealisticMention: Mappable, Codable, Equatable {
    var screenName = ""
    var name = ""
    var id = 0
    var idStr = ""
    var indices: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: RealisticMention.self) { $0.keyStrategy = .snakeCase }
}

struct StatusMetadata: Mappable, Codable, Equatable {
    var resultType = ""
    var isoLanguageCode = ""

    static let mappingConfiguration = MappingConfiguration(for: StatusMetadata.self) { $0.keyStrategy = .snakeCase }
}

struct RealisticFeed: Mappable, Codable, Equatable {
    var statuses: [RealisticStatus] = []
}

// MARK: - The twin: the same fields, dates and URLs as the JSON's strings.

struct PlainStatus: Mappable, Equatable {
    var createdAt = ""
    var id = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusId: Int?
    var inReplyToStatusIdStr: String?
    var inReplyToUserId: Int?
    var inReplyToUserIdStr: String?
    var inReplyToScreenName: String?
    var user = PlainUser()
    var entities = PlainEntities()
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var retweeted = false
    var lang = ""
    var possiblySensitive: Bool?
    var metadata = StatusMetadata()

    static let mappingConfiguration = MappingConfiguration(for: PlainStatus.self) { $0.keyStrategy = .snakeCase }
}

struct PlainUser: Mappable, Equatable {
    var id = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileBackgroundColor = ""
    var profileBackgroundImageUrl: String?
    var profileImageUrl: String?
    var profileImageUrlHttps: String?
    var profileBannerUrl: String?
    var defaultProfile = false

    static let mappingConfiguration = MappingConfiguration(for: PlainUser.self) { $0.keyStrategy = .snakeCase }
}

struct PlainEntities: Mappable, Equatable {
    var hashtags: [Hashtag] = []
    var urls: [PlainLink] = []
    var userMentions: [RealisticMention] = []

    static let mappingConfiguration = MappingConfiguration(for: PlainEntities.self) { $0.keyStrategy = .snakeCase }
}

struct PlainLink: Mappable, Equatable {
    var url: String?
    var expandedUrl: String?
    var displayUrl = ""
    var indices: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: PlainLink.self) { $0.keyStrategy = .snakeCase }
}

struct PlainFeed: Mappable, Equatable {
    var statuses: [PlainStatus] = []
}

/// JSONDecoder as an app configures it for these models.
func realisticDecoder() -> JSONDecoder {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .formatted(formatter)
    return decoder
}

// MARK: - Key order

/// A JSON document rewritten with each object's members in another order (its values, strings
/// and numbers byte for byte as they were), for the rows that meet keys out of the model's order.
enum KeyOrder {
    case reversed
    /// A fixed pseudo-random order per object, from `seed`.
    case shuffled(seed: UInt64)

    func rewrite(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var index = 0
        var random = Generator(state: { if case .shuffled(let seed) = self { seed } else { 0 } }())
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        write(value(bytes, &index), into: &output, random: &random)
        return Data(output)
    }

    private indirect enum Node {
        case scalar(ArraySlice<UInt8>)
        case array([Node])
        case object([(key: ArraySlice<UInt8>, value: Node)])
    }

    private func write(_ node: Node, into output: inout [UInt8], random: inout Generator) {
        switch node {
        case .scalar(let bytes): output.append(contentsOf: bytes)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output, random: &random)
            }
            output.append(UInt8(ascii: "]"))
        case .object(var members):
            switch self {
            case .reversed: members.reverse()
            case .shuffled: members.shuffle(using: &random)
            }
            output.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: member.key)
                output.append(UInt8(ascii: ":"))
                write(member.value, into: &output, random: &random)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Reads one value of a document already known to be valid JSON.
    private func value(_ bytes: [UInt8], _ index: inout Int) -> Node {
        skipSpace(bytes, &index)
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: ArraySlice<UInt8>, value: Node)] = []
            skipSpace(bytes, &index)
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace(bytes, &index)
                let key = string(bytes, &index)
                skipSpace(bytes, &index)
                index += 1  // ':'
                members.append((key, value(bytes, &index)))
                skipSpace(bytes, &index)
                index += 1  // ',' or '}'
                if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [Node] = []
            skipSpace(bytes, &index)
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                elements.append(value(bytes, &index))
                skipSpace(bytes, &index)
                index += 1
                if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
            }
        case UInt8(ascii: "\""):
            return .scalar(string(bytes, &index))
        default:
            let start = index
            while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
            return .scalar(bytes[start..<index])
        }
    }

    private func string(_ bytes: [UInt8], _ index: inout Int) -> ArraySlice<UInt8> {
        let start = index
        index += 1
        while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
        index += 1
        return bytes[start..<index]
    }

    private func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, " \n\r\t".utf8.contains(bytes[index]) { index += 1 }
    }

    /// SplitMix64: the same order on every run and platform.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
