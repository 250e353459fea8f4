import Foundation
import MappingKit

// Every shape users already have: Codable coders, `userInfo`, property lists.

struct Reminder: MappableCodable {
    var title = ""
    var due = Date(timeIntervalSince1970: 0)
    var done = false
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Reminder.self) { map in
        map.map(\.due, to: "due_at", using: .iso8601)
        map.undefinedKeys = .stash
    }
}

func inputShapesDemo() throws {
    section("Codable through the mapping: JSONDecoder and JSONEncoder use its keys and adapters")
    let json = #"{"title": "Pay rent", "due_at": "2026-12-01T09:00:00Z", "done": false, "list": "home"}"#
    let reminder = try JSONDecoder().decode(Reminder.self, from: Data(json.utf8))
    print("\(reminder.title) due \(day(reminder.due)), kept: \(reminder.unmapped.keys)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    print(String(decoding: try encoder.encode(reminder), as: UTF8.self))

    section("userInfo: [AnyHashable: Any] in and out")
    let userInfo: [AnyHashable: Any] = ["title": "Call Ann", "due_at": "2026-12-02T10:00:00Z", "done": true]
    let fromUserInfo = try Reminder(dictionary: userInfo)
    print("\(fromUserInfo.title), done: \(fromUserInfo.done); back: \(try fromUserInfo.userInfoRepresentation().count) keys")
    do {
        _ = try Reminder(dictionary: [1: "one"] as [AnyHashable: Any])
    } catch let error as MappingError {
        print(error)
    }

    section("Property lists: dates stay dates, even behind the .iso8601 adapter")
    let plist = try reminder.propertyListData(format: .xml)
    let back = try Reminder(propertyList: plist)
    print("\(plist.count) bytes of XML; due \(day(back.due)); the plist holds a \(type(of: try reminder.dictionaryRepresentation(style: .propertyList)["due_at"] ?? ""))")
}
