import Foundation
import MappingKit
import Testing

private struct Message: Mappable {
    var message_id = 0
    var published_at = ""
    var read = false
}

private struct Inbox: Mappable {
    var messages: [Message] = []
    var owners: [String: Message] = [:]
}

private struct NoSuchTag: Error, CustomStringConvertible {
    var description: String { "no such tag" }
}

private struct Throwing: Mappable {
    var tags: [String] = []
    var small: Int8 = 0

    static let mappingConfiguration = MappingConfiguration(for: Throwing.self) { map in
        map.map(\.tags, using: Adapter<String>("tag", decode: { _ in throw NoSuchTag() }, encode: { $0 }))
    }
}

@Suite("MappingError")
struct MappingErrorTests {
    @Test("an adapter's own error keeps its words, and says which adapter and which value")
    func adapterErrors() throws {
        let error = try #require(mappingError { _ = try mapped(Throwing.self, ["tags": ["a"]]) })
        #expect(error.description == "tags[0]: no such tag")
        #expect(error.issues[0].expected == "a value adapter tag converts")
        #expect(error.issues[0].found == #"String "a""#)
        #expect(error.issues[0].underlyingError is NoSuchTag)
    }

    @Test("a number past Int64.max is named by the type that holds it, from every representation")
    func unsignedNamed() throws {
        let expected = "small: expected Int8 in -128...127, found UInt64 18446744073709551615"
        #expect(mappingError { _ = try mapped(Throwing.self, ["small": UInt64.max]) }?.description == expected)
        #expect(mappingError { _ = try Throwing(json: #"{"small": 18446744073709551615}"#) }?.description == expected)
        #expect(mappingError { _ = try Throwing(dictionary: ["small": NSNumber(value: UInt64.max)]) }?.description == expected)
    }

    @Test("one problem reads as one line with its path")
    func single() throws {
        let error = mappingError { _ = try mapped(Inbox.self, ["messages": [[:], [:], ["read": "yes"]]]) }
        #expect(error?.description == #"messages[2].read: expected Bool, found String "yes""#)
        #expect(error?.path == "messages[2].read")
        #expect(error?.issues.map(\.expected) == ["Bool"])
        #expect(error?.issues.map(\.found) == [#"String "yes""#])
        #expect(error?.issues.first?.underlyingError == nil)
    }

    @Test("every problem is listed, in input order")
    func many() throws {
        let error = mappingError {
            _ = try mapped(Inbox.self, ["messages": [["message_id": "one", "published_at": ["2014"]], ["read": 7]]])
        }
        #expect(error?.description == """
            3 problems:
              messages[0].message_id: expected Int, found String "one"
              messages[0].published_at: expected String, found Array of 1 element
              messages[1].read: expected Bool, found Int 7
            """)
        #expect(error?.issues.map(\.path) == ["messages[0].message_id", "messages[0].published_at", "messages[1].read"])
    }

    @Test("keys that are not identifiers are quoted in paths")
    func quotedKeys() throws {
        let error = mappingError { _ = try mapped(Inbox.self, ["owners": ["about link": ["read": 2], "2nd": ["read": 3]]]) }
        #expect(Set(error?.issues.map(\.path) ?? []) == [#"owners["about link"].read"#, #"owners["2nd"].read"#])
    }

    @Test("a root-level problem has an empty path")
    func rootPath() {
        let error = mappingError { _ = try mappedArray(Message.self, [1]) }
        #expect(error?.description == "[0]: expected Message (a dictionary), found Int 1")
        let issue = error?.issues.first
        #expect(issue == error?.issues.last)
    }

    @Test("the error is usable through Foundation's localizedDescription")
    func localized() {
        let error: (any Error)? = mappingError { _ = try mapped(Message.self, ["read": "no"]) }
        #expect(error?.localizedDescription == #"read: expected Bool, found String "no""#)
    }
}
