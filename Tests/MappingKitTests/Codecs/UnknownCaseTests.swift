import Foundation
import MappingKit
import Testing

private enum Status: String, UnknownCaseRepresentable, CaseIterable, Codable {
    case active, suspended, unknown
    static var unknownCase: Status { .unknown }
}

private enum Priority: Int, UnknownCaseRepresentable {
    case low = 1, high = 2, other = 0
    static var unknownCase: Priority { .other }
}

private enum Reaction: TaggedEnum, Equatable {
    case set(status: Status)
    case cleared
}

/// The enum in every position a value can sit.
private struct Account: MappableCodable, Equatable {
    var status = Status.active
    var previous: Status?
    var history: [Status] = []
    var byRegion: [String: Status] = [:]
    var priority = Priority.low
    var reaction = Reaction.cleared
}

/// Issue 62, item 6: an unknown raw value read as the enum's unknown case, reported.
@Suite("A raw-value enum's unknown case")
struct UnknownCaseTests {
    private static let input = #"""
        {"status": "archived", "previous": "gone", "history": ["active", "new"], "byRegion": {"eu": "x"},
         "priority": 7, "reaction": {"set": {"status": "later"}}}
        """#

    private static let expected = Account(
        status: .unknown, previous: .unknown, history: [.active, .unknown], byRegion: ["eu": .unknown], priority: .other,
        reaction: .set(status: .unknown)
    )

    @Test("every position reads an unknown raw value as the case, from JSON bytes, dictionaries and a Decoder alike")
    func everyPositionEveryInput() throws {
        #expect(try Account(json: Self.input) == Self.expected)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: Data(Self.input.utf8)) as? [String: Any])
        #expect(try Account(dictionary: dictionary) == Self.expected)
        #expect(try JSONDecoder().decode(Account.self, from: Data(Self.input.utf8)) == Self.expected)
    }

    @Test("each one is reported with its path and what was found; the case is written back as its own raw value")
    func reportedAndWritten() throws {
        let (account, report) = try MappingReport.collecting { try Account(json: Self.input) }
        #expect(report.entries.map(\.description) == [
            #"status: an unknown raw value, read as the case unknown, found String "archived""#,
            #"previous: an unknown raw value, read as the case unknown, found String "gone""#,
            #"history[1]: an unknown raw value, read as the case unknown, found String "new""#,
            #"byRegion.eu: an unknown raw value, read as the case unknown, found String "x""#,
            "priority: an unknown raw value, read as the case other, found Int 7",
            #"reaction.set.status: an unknown raw value, read as the case unknown, found String "later""#,
        ])
        #expect(String(decoding: try account.jsonData(options: .sortedKeys), as: UTF8.self)
            == #"{"byRegion":{"eu":"unknown"},"history":["active","unknown"],"previous":"unknown","priority":0,"reaction":{"set":{"status":"unknown"}},"status":"unknown"}"#)
    }

    @Test("a value of another type is still an error; the schema is any value of the raw type")
    func wrongTypeAndSchema() throws {
        // (`42` is text to a `String` in the default lossless mode: the raw value "42", unknown.)
        let error = #expect(throws: MappingError.self) { try Account(json: #"{"status": true}"#) }
        #expect(error?.description == "status: expected String, found Bool true")
        let properties = try #require(Account.jsonSchema()["properties"] as? [String: Any])
        #expect((properties["status"] as? [String: Any])?["enum"] == nil)
        #expect((properties["status"] as? [String: Any])?["type"] as? String == "string")
    }
}
