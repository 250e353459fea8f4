import Foundation
import MappingKit
import Testing

/// EFDataMappingKit's user and messages, on models whose property names match the JSON keys
/// (renamed properties such as `userId` and the `published_at` date adapter are configuration).
private struct MYUser: Mappable, Equatable {
    var user_id: UInt = 0
    var username = ""
    var messages: [MYMessage] = []
    var website: URL?
}

private struct MYMessage: Mappable, Equatable {
    var message_id: UInt = 0
    var published_at = ""
    var read = false
    var text = ""
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

@Suite("Seed: EFDataMappingKit user and messages")
struct EFDataMappingKitTests {
    @Test("the README's JSON maps onto a user with three messages")
    func mapsUser() throws {
        let user = try MYUser(dictionary: jsonDictionary(efUserJSON))
        #expect(user == MYUser(
            user_id: 42,
            username: "john.doe",
            messages: [
                MYMessage(message_id: 1, published_at: "2014-02-13", read: true,
                          text: "FYI, tomorrow night I am hanging out with the guys!"),
                MYMessage(message_id: 2, published_at: "2014-02-14", read: false,
                          text: "Just kidding, romantic dinner by candle light awaits you!"),
                MYMessage(message_id: 3, published_at: "2014-02-15", read: false, text: "Darling?!"),
            ],
            website: URL(string: "http://www.example.com")
        ))
    }

    @Test("the dictionary representation is the README's JSON again")
    func representation() throws {
        let input = try jsonDictionary(efUserJSON)
        let user = try MYUser(dictionary: input)
        #expect(try plainRepresentation(of: user) == Plain(input))
    }

    @Test("applying values to an existing object validates first and reports every issue")
    func validation() throws {
        var user = try MYUser(dictionary: jsonDictionary(efUserJSON))
        let before = user
        let error = mappingError {
            try user.update(from: ["user_id": -1, "messages": [["message_id": 1], ["read": "yes"]]])
        }
        #expect(error?.description == """
            2 problems:
              user_id: expected UInt in 0...18446744073709551615, found Int -1
              messages[1].read: expected Bool, found String "yes"
            """)
        #expect(user == before)
    }
}
