import Foundation
import MappingKit
import Testing

// The README's code, compiled and checked here so it cannot drift from the library.

private struct User: Mappable {
    var username = ""
    var messages: [Message] = []
    var website: URL?
}

private struct Message: Mappable {
    var text = ""
    var read = false
}

private struct Reading: Mappable {
    var celsius = 0.0

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var dictionary = dictionary
        if let fahrenheit = dictionary["fahrenheit"] as? Double {
            dictionary["celsius"] = (fahrenheit - 32) * 5 / 9
        }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

@Suite("README examples")
struct ReadmeTests {
    @Test("the quick start runs and prints what the README says")
    func quickStart() throws {
        let json = #"{"username": "john.doe", "messages": [{"text": "Hi", "read": true}], "website": "http://example.com"}"#
        let dictionary = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]

        var user = try User(dictionary: dictionary)
        #expect(user.username == "john.doe")
        #expect(user.messages.map(\.text) == ["Hi"])
        #expect(user.messages.map(\.read) == [true])
        #expect(user.website == URL(string: "http://example.com"))

        try user.update(from: ["username": "jane"])
        let back = try user.dictionaryRepresentation()
        #expect(Plain(back) == .object([
            "username": .string("jane"),
            "messages": .array([.object(["text": .string("Hi"), "read": .bool(true)])]),
            "website": .string("http://example.com"),
        ]))

        let error = mappingError { try user.update(from: ["messages": [["read": "yes"]]]) }
        #expect(error?.description == #"messages[0].read: expected Bool, found String "yes""#)
    }

    @Test("the call-super example converts before mapping")
    func callSuper() throws {
        #expect(try Reading(dictionary: ["fahrenheit": 212.0]).celsius == 100)
        #expect(try Reading(dictionary: ["celsius": 5]).celsius == 5)
    }
}
