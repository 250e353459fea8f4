import Foundation
import MappingKit

// EFDataMappingKit: renamed ids, a `yyyy-MM-dd` date, a URL and `exists` requirements; values are
// validated before they are applied, and every problem is reported.

struct MYUser: Mappable {
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

struct MYMessage: Mappable {
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

let userJSON = """
    {"user_id": 42, "username": "john.doe", "website": "http://www.example.com", "messages": [
        {"message_id": 1, "published_at": "2014-02-13", "read": true, "text": "FYI, tomorrow night I am hanging out with the guys!"},
        {"message_id": 2, "published_at": "2014-02-14", "read": false, "text": "Just kidding, romantic dinner by candle light awaits you!"},
        {"message_id": 3, "published_at": "2014-02-15", "read": false, "text": "Darling?!"}]}
    """

let brokenUserJSON = """
    {"user_id": -42, "messages": [
        {"message_id": 1, "published_at": "2014-02-30", "read": true, "text": "FYI"},
        {"published_at": "2014-02-14", "read": "yes", "text": "Just kidding"}]}
    """

func efDataMappingKitDemo() throws {
    section("EFDataMappingKit: a user with dated messages")
    var user = try MYUser(dictionary: parse(userJSON) as? [String: Any] ?? [:])
    print("user \(user.userId) \(user.username), website \(user.website?.absoluteString ?? "none")")
    for message in user.messages {
        print("  #\(message.messageId) \(day(message.publicationDate)) read: \(message.read) \(message.text.debugDescription)")
    }
    section("Round trip: dictionaryRepresentation() back to JSON")
    print(json(try user.dictionaryRepresentation()))
    section("One readable error: every problem, with its path, and nothing changed")
    do {
        try user.update(from: parse(brokenUserJSON) as? [String: Any] ?? [:])
    } catch let error as MappingError {
        print(error)
        print("user unchanged: \(user.userId) with \(user.messages.count) messages")
    }
}

/// EFDataMappingKit's NSCoding support: the mapping archives the object, next to a key of the
/// class's own.
final class MYArchivedUser: NSObject, Mappable, NSSecureCoding {
    var userId: UInt = 0
    var username = ""
    var website: URL?

    static let supportsSecureCoding = true
    static let mappingConfiguration = MappingConfiguration(for: MYArchivedUser.self) { map in
        map.map(\.userId, to: "user_id")
    }

    required override init() {}
    required init?(coder: NSCoder) { super.init(); if !decodeMapping(from: coder) { return nil } }

    func encode(with coder: NSCoder) {
        coder.encode(0, forKey: "version")
        encodeMapping(with: coder)
    }
}

func efDataMappingKitArchivingDemo() throws {
    section("EFDataMappingKit: NSCoding through the mapping")
    let user = try MYArchivedUser(dictionary: ["user_id": 42, "username": "john.doe", "website": "http://www.example.com"])
    let archive = try NSKeyedArchiver.archivedData(withRootObject: user, requiringSecureCoding: true)
    guard let copy = try NSKeyedUnarchiver.unarchivedObject(ofClass: MYArchivedUser.self, from: archive) else { return }
    print("archived into \(archive.count) bytes; unarchived user \(copy.userId) \(copy.username), website \(copy.website?.absoluteString ?? "none")")
}
