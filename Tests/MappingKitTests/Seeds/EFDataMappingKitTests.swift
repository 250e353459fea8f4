import Foundation
import MappingKit
import Testing

/// EFDataMappingKit's `MYUser` and `MYMessage`, with the README's mappings: renamed ids, the
/// `published_at` date in `yyyy-MM-dd`, the website URL, and `exists` requirements.
private struct MYUser: Mappable, Equatable {
    var userId: UInt = 0
    var username = ""
    var messages: [MYMessage] = []
    var website: URL?

    static let mappingConfiguration = MappingConfiguration(for: MYUser.self) { map in
        map.map(\.userId, to: "user_id")
        map.require(\.userId, .exists)
        map.require(\.username, .exists)
    }
}

private struct MYMessage: Mappable, Equatable {
    var messageId: UInt = 0
    var publicationDate = Date(timeIntervalSince1970: 0)
    var read = false
    var text = ""

    static let mappingConfiguration = MappingConfiguration(for: MYMessage.self) { map in
        map.map(\.messageId, to: "message_id")
        map.require(\.messageId, .exists)
        map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
    }
}

let efUserJSON = """
    {
        "user_id": 42,
        "username": "john.doe",
        "messages": [
            {"message_id": 1, "published_at": "2014-02-13", "read": true,
             "text": "FYI, tomorrow night I am hanging out with the guys!"},
            {"message_id": 2, "published_at": "2014-02-14", "read": false,
             "text": "Just kidding, romantic dinner by candle light awaits you!"},
            {"message_id": 3, "published_at": "2014-02-15", "read": false, "text": "Darling?!"}
        ],
        "website": "http://www.example.com"
    }
    """

private func day(_ text: String) -> Date {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    var components = DateComponents()
    (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar.date(from: components) ?? .distantPast
}

@Suite("Seed: EFDataMappingKit user and messages")
struct EFDataMappingKitTests {
    @Test("the README's JSON maps onto a user with three dated messages")
    func mapsUser() throws {
        let user = try mapped(MYUser.self, jsonDictionary(efUserJSON))
        #expect(user == MYUser(
            userId: 42,
            username: "john.doe",
            messages: [
                MYMessage(messageId: 1, publicationDate: day("2014-02-13"), read: true,
                          text: "FYI, tomorrow night I am hanging out with the guys!"),
                MYMessage(messageId: 2, publicationDate: day("2014-02-14"), read: false,
                          text: "Just kidding, romantic dinner by candle light awaits you!"),
                MYMessage(messageId: 3, publicationDate: day("2014-02-15"), read: false, text: "Darling?!"),
            ],
            website: URL(string: "http://www.example.com")
        ))
    }

    @Test("the dictionary representation is the README's JSON again")
    func representation() throws {
        let input = try jsonDictionary(efUserJSON)
        #expect(try plainRepresentation(of: MYUser(dictionary: input)) == Plain(input))
    }

    @Test("values are validated before they are applied, and every issue is reported")
    func validation() throws {
        var user = try mapped(MYUser.self, jsonDictionary(efUserJSON))
        let before = user
        let error = mappingError {
            try user.update(from: [
                "user_id": -1,
                "messages": [["message_id": 1, "published_at": "2014-02-30"], ["read": "yes"]],
            ])
        }
        // An update in place keeps what is absent (username), while the new messages are made
        // and so must carry their required keys.
        #expect(error?.description == """
            4 problems:
              user_id: expected UInt in 0...18446744073709551615, found Int -1
              messages[0].published_at: expected Date as yyyy-MM-dd, found String "2014-02-30"
              messages[1].message_id: required, missing
              messages[1].read: expected Bool, found String "yes"
            """)
        #expect(user == before)
        #expect(mappingError { _ = try mapped(MYUser.self, ["username": "x"]) }?.description
            == "user_id: required, missing")
    }

    @Test("NSCoding support: initWithCoder and encodeWithCoder through the mapper, next to a version key")
    func nsCoding() throws {
        let input: [String: Any] = ["user_id": 42, "username": "john.doe", "website": "http://www.example.com"]
        let user = try EFArchivedUser.mapper.map(input, to: EFArchivedUser.self)
        let data = try NSKeyedArchiver.archivedData(withRootObject: user, requiringSecureCoding: true)
        let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: EFArchivedUser.self, from: data))
        #expect(copy.userId == 42 && copy.username == "john.doe" && copy.website == URL(string: "http://www.example.com"))
        #expect(copy.version == 0)
    }
}

/// EFDataMappingKit's NSCoding example: the mapper decodes and encodes the object, and the
/// class adds a key of its own. (Archived classes are top-level and not private:
/// swift-corelibs-foundation names them by their module path.)
final class EFArchivedUser: NSObject, Mappable, NSSecureCoding {
    var userId: UInt = 0
    var username = ""
    var website: URL?
    var version = -1

    static let supportsSecureCoding = true
    static let mapper: Mapper = {
        let mapper = Mapper()
        mapper.register(MappingConfiguration(for: EFArchivedUser.self) { map in
            map.map(\.userId, to: "user_id")
            map.ignore(\.version)
        }, for: EFArchivedUser.self)
        return mapper
    }()

    required override init() {}

    required init?(coder: NSCoder) {
        super.init()
        version = coder.decodeInteger(forKey: "version")
        if !decodeMapping(from: coder, mapper: Self.mapper) { return nil }
    }

    func encode(with coder: NSCoder) {
        coder.encode(0, forKey: "version")
        encodeMapping(with: coder, mapper: Self.mapper)
    }
}
