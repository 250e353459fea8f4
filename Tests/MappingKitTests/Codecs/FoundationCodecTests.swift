import Foundation
import MappingKit
import Testing

private struct Links: Mappable, Equatable {
    var website = URL(fileURLWithPath: "/")
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var avatar: URL?
}

@Suite("URL and UUID properties")
struct FoundationCodecTests {
    @Test("strings become URLs and UUIDs, and come back as strings")
    func roundTrip() throws {
        let model = try mapped(Links.self, jsonDictionary("""
            {"website": "http://www.example.com/a?b=c", "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}
            """))
        #expect(model.website == URL(string: "http://www.example.com/a?b=c"))
        #expect(model.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.avatar == nil)
        #expect(try plainRepresentation(of: model) == .object([
            "website": .string("http://www.example.com/a?b=c"),
            "id": .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        ]))
    }

    @Test("native URL and UUID values are taken as they are")
    func native() throws {
        let url = URL(string: "https://swift.org")
        let model = try mapped(Links.self, ["avatar": url as Any, "id": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as Any])
        #expect(model.avatar == url)
        #expect(model.id.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test("malformed values are errors", arguments: [
        (#"{"id": "not-a-uuid"}"#, #"id: expected UUID, found String "not-a-uuid""#),
        (#"{"id": 42}"#, "id: expected UUID, found Int 42"),
        (#"{"website": 42}"#, "website: expected URL, found Int 42"),
        (#"{"website": ""}"#, #"website: expected URL, found String """#),
        (#"{"avatar": false}"#, "avatar: expected URL, found Bool false"),
    ])
    func rejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Links.self, input) }?.description == message)
    }
}
