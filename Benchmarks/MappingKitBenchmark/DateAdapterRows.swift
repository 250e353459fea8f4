import Foundation
import MappingKit

// One date per object through each built-in date adapter, against a twin that keeps the same
// JSON value as it is (a `String` or an `Int`): the difference of the two rows is what reading
// or writing one date costs (issue 41: at most 100 ns each). The dates are twitter.json's
// `created_at` values (each status's and its user's), written in each adapter's form.

private struct ISODate: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: ISODate.self) { $0.map(\.date, using: .iso8601) }
}

private struct DayDate: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: DayDate.self) { $0.map(\.date, using: .iso8601Date) }
}

private struct TweetDate: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: TweetDate.self) { $0.map(\.date, using: twitterDate) }
}

private struct SecondsDate: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: SecondsDate.self) { $0.map(\.date, using: .unixSeconds) }
}

private struct MillisecondsDate: Mappable {
    var date = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: MillisecondsDate.self) { $0.map(\.date, using: .unixMilliseconds) }
}

private struct DateText: Mappable {
    var date = ""
}

private struct DateNumber: Mappable {
    var date = 0
}

/// The rows, one group per adapter, and the names of each adapter's rows for `printDateCosts`.
func addDateAdapterRows(to harness: inout Harness, twitter: Data) throws -> [(adapter: String, model: String, twin: String)] {
    let feed = try RealisticFeed(json: twitter)
    let dates = feed.statuses.flatMap { [$0.createdAt, $0.user.createdAt] }
    var rows: [(adapter: String, model: String, twin: String)] = []

    func add<Model: Mappable, Twin: Mappable>(_ adapter: String, _ models: [Model], twin: Twin.Type) throws {
        let json = try models.jsonData()
        let twins = try Twin.array(json: json)
        check(try Model.array(json: json).jsonData() == json && twins.jsonData() == json, "dates: \(adapter) does not round-trip")
        harness.beginGroup()
        harness.add("\(adapter): read, one date per object", objects: models.count) { try Model.array(json: json).count }
        harness.add("\(adapter): read, twin", objects: models.count) { try Twin.array(json: json).count }
        harness.add("\(adapter): write, one date per object", objects: models.count) { try models.jsonData().count }
        harness.add("\(adapter): write, twin", objects: models.count) { try twins.jsonData().count }
        rows.append((adapter, "\(adapter): read, one date per object", "\(adapter): read, twin"))
        rows.append((adapter, "\(adapter): write, one date per object", "\(adapter): write, twin"))
    }
    let days = dates.map { Date(timeIntervalSince1970: ($0.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400) }
    try add(".iso8601", dates.map { ISODate(date: $0) }, twin: DateText.self)
    try add(".iso8601Date", days.map { DayDate(date: $0) }, twin: DateText.self)
    try add("twitter pattern", dates.map { TweetDate(date: $0) }, twin: DateText.self)
    try add(".unixSeconds", dates.map { SecondsDate(date: $0) }, twin: DateNumber.self)
    try add(".unixMilliseconds", dates.map { MillisecondsDate(date: $0) }, twin: DateNumber.self)
    return rows
}

/// Each adapter's cost per date read and written: its row less its twin's.
func printDateCosts(_ harness: Harness, _ rows: [(adapter: String, model: String, twin: String)]) {
    print("\n| date adapter: per date, beyond the twin's value | ns |")
    print("|---|---:|")
    for row in rows where !harness.median(row.model).isNaN {
        let what = row.model.contains(": read") ? "read" : "written"
        print("| \(row.adapter), \(what) | \(String(format: "%.0f", harness.median(row.model) - harness.median(row.twin))) |")
    }
}
