import Foundation
import MappingKit

// MappingKit demo: `swift run MappingKitDemo`. Each section maps one of the seed libraries'
// README examples and prints what came out.

func section(_ title: String) {
    print("\n=== \(title)")
}

func json(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) else {
        return "\(value)"
    }
    return String(decoding: data, as: UTF8.self)
}

func parse(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}

do {
    section("DHNObjectMapping: default behaviour, undefined keys ignored")
    let object = try DataObject(dictionary: ["name": "This is some name", "count": 3, "undefined": true])
    print(#"{"name": "This is some name", "count": 3, "undefined": true} ->"#, object)
    print("array(from:) ->", try DataObject.array(from: [["name": "first"], ["name": "second"]]))

    section("ObjectMapping: basic and recursive mapping")
    let innerModel: [String: Any] = ["name": "Music", "favorite_word": "glitter", "favorite_number": 7]
    let testModel = OMTestModel()
    try testModel.update(from: ["name": "Fabian", "favorite_word": "absurd", "favorite_number": 2])
    print("basic     ->", testModel)
    try testModel.update(from: ["favorite_model": innerModel])
    print("recursive ->", testModel)

    section("EFDataMappingKit: a user with messages, from JSON")
    let user = try MYUser(dictionary: parse(userJSON))
    print("user \(user.user_id) \(user.username), website \(user.website?.absoluteString ?? "none")")
    for message in user.messages {
        print("  #\(message.message_id) \(message.published_at) read: \(message.read) \(message.text.debugDescription)")
    }

    section("Round trip: dictionaryRepresentation() back to JSON")
    print(json(try user.dictionaryRepresentation()))

    section("One readable error: every problem, with its path, and nothing changed")
    var current = user
    do {
        try current.update(from: parse(brokenUserJSON))
    } catch let error as MappingError {
        print(error)
        print("user unchanged: \(current.user_id) with \(current.messages.count) messages")
    }
} catch {
    print("demo failed: \(error)")
    exit(1)
}
