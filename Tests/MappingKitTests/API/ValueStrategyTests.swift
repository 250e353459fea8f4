import Foundation
import MappingKit
import Testing

private func at(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

/// A colour as `"#RRGGBB"`, a type MappingKit has no codec for: a value strategy makes every
/// property of it mappable.
private struct Color: Equatable, Hashable {
    var red = 0, green = 0, blue = 0
}

private let hexColor = Adapter<Color>("hex", from: String.self) { text in
    guard text.count == 7, text.hasPrefix("#"), let value = Int(text.dropFirst(), radix: 16) else {
        throw CocoaError(.coderInvalidValue)
    }
    return Color(red: value >> 16, green: value >> 8 & 0xFF, blue: value & 0xFF)
} encode: { color in
    "#" + [color.red, color.green, color.blue].map { String(format: "%02X", $0) }.joined()
}

// GitHub's shape: dates as ISO 8601 everywhere, set once on the root.
private struct Milestone: Mappable, Equatable {
    var title = ""
    var dueOn: Date?
    var closedAt = Date(timeIntervalSince1970: 0)
}

private struct Issue: Mappable, Equatable {
    var createdAt = Date(timeIntervalSince1970: 0)
    var closedAt: Date?
    var editedAt: [Date] = []
    var reviewedAt: Set<Date> = []
    var reactionsAt: [String: Date] = [:]
    var timeline: [String: [Date?]] = [:]
    var milestone = Milestone()
    var legacyStamp = Date(timeIntervalSince1970: 0)
    var labels: [String: Color] = [:]
    var accent: Color?

    static let mappingConfiguration = MappingConfiguration(for: Issue.self) { map in
        map.keyStrategy = .snakeCase
        map.convert(Date.self, using: .iso8601)
        map.convert(Color.self, using: hexColor)
        map.map(\.legacyStamp, using: .unixSeconds)   // a property's own adapter wins
    }
}

/// Chooses its own date adapter: the parent's does not replace it, and its own nested types inherit it.
private struct Release: Mappable, Equatable {
    var publishedAt = Date(timeIntervalSince1970: 0)
    var milestone = Milestone()

    static let mappingConfiguration = MappingConfiguration(for: Release.self) { $0.convert(Date.self, using: .unixMilliseconds) }
}

private struct Repository: Mappable, Equatable {
    var pushedAt = Date(timeIntervalSince1970: 0)
    var latest = Release()

    static let mappingConfiguration = MappingConfiguration(for: Repository.self) { $0.convert(Date.self, using: .iso8601) }
}

// Stripe's shape: unix seconds, from a mapper.
private struct Charge: Mappable, Equatable {
    var created = Date(timeIntervalSince1970: 0)
    var refunds: [Refund] = []
}

private struct Refund: Mappable, Equatable {
    var created = Date(timeIntervalSince1970: 0)
}

private struct CodableIssue: MappableCodable, Equatable {
    var createdAt = Date(timeIntervalSince1970: 0)
    var editedAt: [String: Date] = [:]

    static let mappingConfiguration = MappingConfiguration(for: CodableIssue.self) { map in
        map.keyStrategy = .snakeCase
        map.convert(Date.self, using: .iso8601)
    }
}

nonisolated(unsafe) private let issueInput: [String: Any] = [
    "created_at": "2024-01-02T03:04:05Z",
    "closed_at": "2024-01-03T00:00:00Z",
    "edited_at": ["2024-01-02T04:00:00Z"],
    "reviewed_at": ["2024-01-02T05:00:00Z"],
    "reactions_at": ["+1": "2024-01-02T06:00:00Z"],
    "timeline": ["opened": ["2024-01-02T03:04:05Z", NSNull()]],
    "milestone": ["title": "v1", "due_on": "2024-02-01T00:00:00Z", "closed_at": "2024-02-02T00:00:00Z"],
    "legacy_stamp": 60,
    "labels": ["bug": "#D73A4A"],
    "accent": "#0000FF",
]

@Suite("A value strategy per type, for a tree")
struct ValueStrategyTests {
    @Test("one line converts every Date and every Color of the tree, in every container; a property's own adapter wins")
    func everyValueOfTheType() throws {
        let issue = try mapped(Issue.self, issueInput)
        #expect(issue == Issue(
            createdAt: at(1_704_164_645),
            closedAt: at(1_704_240_000),
            editedAt: [at(1_704_168_000)],
            reviewedAt: [at(1_704_171_600)],
            reactionsAt: ["+1": at(1_704_175_200)],
            timeline: ["opened": [at(1_704_164_645), nil]],
            milestone: Milestone(title: "v1", dueOn: at(1_706_745_600), closedAt: at(1_706_832_000)),
            legacyStamp: at(60),
            labels: ["bug": Color(red: 0xD7, green: 0x3A, blue: 0x4A)],
            accent: Color(red: 0, green: 0, blue: 255)
        ))
        #expect(try plainRepresentation(of: issue) == Plain(issueInput))
        #expect(try Issue(json: try issue.jsonData()) == issue)
    }

    @Test("a bad value is reported at its path, under the strategy's adapter")
    func errors() {
        var input = issueInput
        input["reactions_at"] = ["+1": "yesterday"]
        input["milestone"] = ["title": "v1", "closed_at": 1_706_832_000]
        #expect(mappingError { _ = try mapped(Issue.self, input) }?.description == """
            2 problems:
              reactions_at["+1"]: expected Date in ISO 8601, found String "yesterday"
              milestone.closed_at: expected Date in ISO 8601, found Int 1706832000
            """)
    }

    @Test("a nested type's own strategy wins for its type, and is what its own nested types inherit")
    func ownStrategyWins() throws {
        let repository = try mapped(Repository.self, [
            "pushedAt": "2024-01-02T03:04:05Z",
            "latest": ["publishedAt": 1_704_164_645_000, "milestone": ["title": "v2", "closedAt": 1_706_832_000_000]],
        ])
        #expect(repository == Repository(
            pushedAt: at(1_704_164_645),
            latest: Release(publishedAt: at(1_704_164_645), milestone: Milestone(title: "v2", dueOn: nil, closedAt: at(1_706_832_000)))
        ))
    }

    @Test("a mapper's strategy reaches every type it maps, nested ones included")
    func mapperStrategy() throws {
        let stripe = Mapper(keyStrategy: .snakeCase, valueStrategies: [.convert(Date.self, using: .unixSeconds)])
        let charge = try stripe.map(["created": 1_700_000_000, "refunds": [["created": 1_700_000_060]]], to: Charge.self)
        #expect(charge == Charge(created: at(1_700_000_000), refunds: [Refund(created: at(1_700_000_060))]))
        #expect(Plain(try stripe.dictionaryRepresentation(of: charge)) == Plain(["created": 1_700_000_000, "refunds": [["created": 1_700_000_060]]]))
        #expect(stripe.valueStrategies.count == 1)
    }

    @Test("a configuration changed per call converts as one built with the builder")
    func configurationValue() throws {
        var configuration = Milestone.mappingConfiguration
        configuration.convert(Date.self, using: .unixSeconds)
        let mapper = Mapper()
        mapper.register(configuration, for: Milestone.self)
        #expect(try mapper.map(["title": "v1", "closedAt": 60, "dueOn": 120], to: Milestone.self)
            == Milestone(title: "v1", dueOn: at(120), closedAt: at(60)))
    }

    @Test("the Codable bridge converts with the strategy both ways")
    func codableBridge() throws {
        let json = Data(#"{"created_at": "2024-01-02T03:04:05Z", "edited_at": {"body": "2024-01-02T04:00:00Z"}}"#.utf8)
        let issue = try JSONDecoder().decode(CodableIssue.self, from: json)
        #expect(issue == CodableIssue(createdAt: at(1_704_164_645), editedAt: ["body": at(1_704_168_000)]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(issue), as: UTF8.self)
            == #"{"created_at":"2024-01-02T03:04:05Z","edited_at":{"body":"2024-01-02T04:00:00Z"}}"#)
    }
}
