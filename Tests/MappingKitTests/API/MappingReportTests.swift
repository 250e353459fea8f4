import Foundation
import MappingKit
import Testing

private struct Message: Mappable, Equatable {
    var id = 0
    var read = false
    var text = ""
}

private struct Account: Mappable, Equatable {
    var userId = 0
    var nickname = ""
    var verified = false
    var homepage: URL?
    var score = 0.0
    var messages: [Message] = []
    var tags: [String: Int] = [:]

    static let mappingConfiguration = MappingConfiguration(for: Account.self) { map in
        map.map(\.userId, to: "user_id")
        map.defaultValue(\.verified, whenMissing: true)
        map.defaultValue(\.nickname, whenNull: "anonymous")
        map.emptyStringAsNil(\.homepage)
    }
}

private final class StoredNote: Mappable {
    var id = 0
    var text = ""
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: StoredNote.self) { $0.identity(\.id) }
}

private struct CodableAccount: MappableCodable {
    var userId = 0
    static let mappingConfiguration = MappingConfiguration(for: CodableAccount.self) { $0.map(\.userId, to: "user_id") }
}

private let lenientJSON = #"""
    {"user_id": "42", "nickname": null, "homepage": "", "score": "2.5", "theme": "dark",
     "messages": [{"id": 1, "read": 1, "text": 7, "extra": true}], "tags": {"a": "3"}}
    """#

// The root's undefined key comes after its fields, as the mapping meets it.
private let expectedEntries = """
    10 entries:
      user_id: coerced to Int, found String "42"
      nickname: set to its default for null, String "anonymous", found null
      verified: set to its default Bool true, found nothing
      homepage: read as nil, found String ""
      score: coerced to Double, found String "2.5"
      messages[0].read: coerced to Bool, found Int 1
      messages[0].text: coerced to String, found Int 7
      messages[0].extra: dropped (no property maps it), found Bool true
      tags.a: coerced to Int, found String "3"
      theme: dropped (no property maps it), found String "dark"
    """

private struct Item: Mappable, Equatable {
    var name = ""
}

private struct Single: Mappable {
    var items: [Item]?
    var tags: Set<String> = []
    static let mappingConfiguration = MappingConfiguration(for: Single.self) { $0.singleValuesAsArrays = true }
}

@Suite("Mapping report")
struct MappingReportTests {
    @Test("a value boxed into a to-many property, and a model none of whose keys were read, are reported, from a dictionary and JSON")
    func boxedAndUnread() throws {
        let expected = """
            3 entries:
              items.foo: dropped (no property maps it), found Int 1
              items: none of its keys read by Item, every property kept its default, found Dictionary of 1 key
              items: taken as the only element of a collection, found Dictionary of 1 key
            """
        let (single, report) = try MappingReport.collecting { try Single(dictionary: ["items": ["foo": 1]]) }
        #expect(single.items == [Item(name: "")])
        #expect(report.description == expected)
        let (_, fromJSON) = try MappingReport.collecting { try Single(json: #"{"items": {"foo": 1}}"#) }
        #expect(fromJSON.description == expected)
        let (tagged, tagReport) = try MappingReport.collecting { try Single(dictionary: ["tags": "a"]) }
        #expect(tagged.tags == ["a"])
        #expect(tagReport.description == #"tags: taken as the only element of a collection, found String "a""#)
        // An empty object is a model of defaults by what it says, not by what it leaves out.
        let (_, empty) = try MappingReport.collecting { try Single(dictionary: ["items": [[String: Any]()]]) }
        #expect(empty.isEmpty)
    }

    @Test("every value dropped, defaulted or coerced, with its path, from a dictionary")
    func fromDictionary() throws {
        let input = try jsonDictionary(lenientJSON)
        let (account, report) = try MappingReport.collecting { try Account(dictionary: input) }
        #expect(account.userId == 42)
        #expect(account.nickname == "anonymous")
        #expect(account.messages == [Message(id: 1, read: true, text: "7")])
        #expect(report.description == expectedEntries)
        #expect(report.entries.count == 10)
        #expect(report.entries[0].path == "user_id")
        #expect(report.entries[0].action == .coerced(to: "Int"))
        #expect(report.entries[0].found == #"String "42""#)
    }

    @Test("the same report from JSON bytes, and from a JSON array with indexes")
    func fromJSON() throws {
        let (_, report) = try MappingReport.collecting { try Account(json: lenientJSON) }
        #expect(report.description == expectedEntries)
        let (accounts, arrayReport) = try MappingReport.collecting {
            try Account.array(json: #"[{"user_id": 1}, {"user_id": "2", "other": 0}]"#)
        }
        #expect(accounts.map(\.userId) == [1, 2])
        #expect(arrayReport.description == """
            4 entries:
              [0].verified: set to its default Bool true, found nothing
              [1].user_id: coerced to Int, found String "2"
              [1].verified: set to its default Bool true, found nothing
              [1].other: dropped (no property maps it), found Int 0
            """)
    }

    @Test("through a Mapper, an update, and the Codable bridge")
    func otherEntryPoints() throws {
        let (_, mapperReport) = try MappingReport.collecting { try Mapper().map(["id": 1.0, "seen": "yes"], to: Message.self) }
        #expect(mapperReport.description == #"seen: dropped (no property maps it), found String "yes""#)
        var message = Message()
        let (_, updateReport) = try MappingReport.collecting { try message.update(from: ["read": "true"]) }
        #expect(updateReport.description == #"read: coerced to Bool, found String "true""#)
        let (decoded, codableReport) = try MappingReport.collecting {
            try JSONDecoder().decode(CodableAccount.self, from: Data(#"{"user_id": "5"}"#.utf8))
        }
        #expect(decoded.userId == 5)
        #expect(codableReport.description == #"user_id: coerced to Int, found String "5""#)
    }

    @Test("imports into a store, property lists and classes report the same way")
    func storesPropertyListsClasses() throws {
        let (_, storeReport) = try MappingReport.collecting {
            try StoredNote.array(from: [["id": "1", "text": "a"]], in: IdentityMap())
        }
        #expect(storeReport.description == #"[0].id: coerced to Int, found String "1""#)
        let plist = try PropertyListSerialization.data(fromPropertyList: ["id": "2", "extra": true], format: .xml, options: 0)
        let (_, plistReport) = try MappingReport.collecting { try Message(propertyList: plist) }
        #expect(plistReport.description == """
            2 entries:
              id: coerced to Int, found String "2"
              extra: dropped (no property maps it), found Bool true
            """)
        let (_, classReport) = try MappingReport.collecting { try StoredNote(json: #"{"id": 3.0, "text": 4}"#) }
        #expect(classReport.description == #"text: coerced to String, found Int 4"#)
    }

    @Test("exact input reports nothing, and mapping outside collecting records nowhere")
    func nothingToReport() throws {
        let (_, report) = try MappingReport.collecting { try Message(dictionary: ["id": 1, "read": true, "text": "hi"]) }
        #expect(report.isEmpty)
        #expect(report.description == "nothing to report")
        _ = try Message(dictionary: ["id": "1"])
    }

    @Test("asynchronous work and the child tasks it starts report into one report")
    func async() async throws {
        let (messages, report) = try await MappingReport.collecting {
            try await withThrowingTaskGroup(of: Message.self) { group in
                for id in 0..<4 { group.addTask { try Message(dictionary: ["id": "\(id)"]) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(messages.count == 4)
        #expect(report.entries.count == 4)
        #expect(Set(report.entries.map(\.found)) == [#"String "0""#, #"String "1""#, #"String "2""#, #"String "3""#])
    }
}
