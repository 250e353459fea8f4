import Foundation
import MappingKit

// MappingKit benchmark: run in release, `swift run -c release MappingKitBenchmark [--rounds N]
// [--data DIR] [--only TEXT] [--set twitter|citm|canada|github|scale|memory|stream|store|first|dates|realistic|computed|generic|limits]
// [--stream-statuses N]`.
// Prints median nanoseconds per object for each way of mapping the same models, and the ratios
// the README reports.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

let usage = """
    usage: MappingKitBenchmark [--rounds N] [--data DIR] [--only TEXT] [--set NAME] [--stream-statuses N]

    Measures MappingKit against JSONSerialization, JSONDecoder and hand-written code on real-world
    JSON, in release mode (swift run -c release MappingKitBenchmark), and prints median
    nanoseconds per object for each way of mapping the same models, and the ratios the README reports.

      --rounds N             rounds per measurement, interleaved, their median reported (default: 100)
      --data DIR             the folder holding twitter.json, citm_catalog.json and canada.json
                             (default: ../shared/data beside the package)
      --only TEXT            only the rows whose name contains TEXT
      --set NAME             one set of rows: twitter, citm, canada, github, scale, memory, stream,
                             store, first, dates, realistic, computed, generic, limits
      --stream-statuses N    the statuses the stream rows read
      -h, --help             this text
    """
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
// Every argument is an option the benchmark knows, or an option's value: a typo is no full run.
// (A child measurement, `--child NAME …`, is the benchmark's own call.)
let known: Set = ["--rounds", "--data", "--only", "--set", "--stream-statuses"]
var unknownIndex = arguments.contains("--child") ? arguments.count : 1
while unknownIndex < arguments.count {
    let argument = arguments[unknownIndex]
    guard known.contains(argument) else {
        print("error: unknown argument \(argument)\n\(usage)")
        exit(2)
    }
    unknownIndex += 2
}
let rounds = option("--rounds").flatMap(Int.init) ?? 100
let dataDirectory = URL(fileURLWithPath: option("--data") ?? URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/data").path)

func load(_ name: String) throws -> Data {
    try Data(contentsOf: dataDirectory.appendingPathComponent(name))
}

/// twitter.json's statuses as native Swift values, as an app that builds dictionaries has them.
func nativeStatuses() throws -> [Any] {
    let root = try JSONSerialization.jsonObject(with: load("twitter.json")) as? [String: Any] ?? [:]
    return NativeValues.convert(root["statuses"] as? [Any] ?? []) as? [Any] ?? []
}

// Measurements that need a fresh process run in a child (`--child NAME`), which prints and exits.
switch option("--child") {
case "first-mapping":
    try FirstMapping.measureInThisProcess(decoderGoesFirst: false)
    exit(0)
case "first-mapping-decoder-first":
    try FirstMapping.measureInThisProcess(decoderGoesFirst: true)
    exit(0)
case "peak-memory":
    try Scale.measurePeakMemory(option("peak-memory") ?? "", native: nativeStatuses())
    exit(0)
case "stream-memory":
    try Streams.measurePeakMemory(path: option("stream-memory") ?? "")
    exit(0)
default:
    break
}

// The data comes from the workspace's shared folder, never from the repository.
for name in ["twitter.json", "citm_catalog.json", "canada.json"]
where !FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent(name).path) {
    print("""
        error: \(name) not found in \(dataDirectory.path).
        The benchmark reads real-world JSON (twitter.json, citm_catalog.json, canada.json) from ../shared/data beside
        the package checkout; point it elsewhere with --data DIR.
        """)
    exit(2)
}

func check(_ condition: Bool, _ message: String) {
    if !condition {
        print("error: \(message)")
        exit(1)
    }
}

let ratios = [
    ("MappingKit, native dictionaries", "hand-written as?, native dictionaries"),
    ("MappingKit, JSONSerialization output", "hand-written as?, JSONSerialization output"),
    ("JSONSerialization + MappingKit, from Data", "JSONDecoder, from Data"),
    ("MappingKit dictionaryRepresentation", "hand-written toDictionary"),
    ("MappingKit + JSONSerialization, to Data", "JSONEncoder, to Data"),
    ("MappingKit configured, JSONSerialization output", "MappingKit, JSONSerialization output"),
    ("MappingKit configured dictionaryRepresentation", "MappingKit dictionaryRepresentation"),
    ("MappingKit, from Data (own parser)", "JSONDecoder, from Data"),
    ("MappingKit jsonData, to Data", "JSONEncoder, to Data"),
    ("JSONValue.parse, from Data", "JSONSerialization.jsonObject, from Data"),
    ("MappingKit configured, from Data (own parser)", "MappingKit, from Data (own parser)"),
    ("JSONDecoder through MappableCodable, from Data", "JSONDecoder, from Data"),
    ("JSONEncoder through MappableCodable, to Data", "JSONEncoder, to Data"),
]

/// The JSON rows every data set gets, each group interleaved on its own: bytes to models
/// against `decoder` (JSONDecoder), models to bytes against `encoder` (JSONEncoder), bytes to
/// untyped values against JSONSerialization. `decoding` and `encoding` add rows to those groups
/// (configured models, JSONSerialization with MappingKit).
func addJSONRows<Model: Mappable & Codable & Equatable>(
    to harness: inout Harness,
    data: Data,
    model: Model,
    objects: Int,
    decoder: @escaping () throws -> Int,
    encoder: @escaping () throws -> Int,
    decoding: (inout Harness) throws -> Void = { _ in },
    encoding: (inout Harness) throws -> Void = { _ in }
) throws {
    check(try Model(json: data) == model && Model(json: model.jsonData()) == model, "the JSON reader or writer disagrees")
    harness.beginGroup()
    harness.add("JSONDecoder, from Data", objects: objects, decoder)
    harness.add("MappingKit, from Data (own parser)", objects: objects) { _ = try Model(json: data); return 1 }
    try decoding(&harness)
    harness.beginGroup()
    harness.add("JSONEncoder, to Data", objects: objects, encoder)
    harness.add("MappingKit jsonData, to Data", objects: objects) { try model.jsonData().count }
    try encoding(&harness)
    harness.beginGroup()
    harness.add("JSONValue.parse, from Data", objects: objects) { _ = try JSONValue.parse(data); return 1 }
    harness.add("JSONSerialization.jsonObject, from Data", objects: objects) { _ = try JSONSerialization.jsonObject(with: data); return 1 }
}

/// MappingKit and hand-written code on the same array of dictionaries, native and from
/// JSONSerialization, each pair in a group of its own (the other pair's trees would otherwise
/// sit in the caches and the allocator between their rounds).
func addDictionaryRows<Model: Mappable>(
    to harness: inout Harness,
    native: [Any],
    fromJSON: [Any],
    objects: Int,
    handWritten: @escaping ([String: Any]) -> Model
) {
    harness.add("MappingKit, native dictionaries", objects: objects) { try Model.array(from: native).count }
    harness.add("hand-written as?, native dictionaries", objects: objects) {
        native.map { handWritten($0 as? [String: Any] ?? [:]) }.count
    }
    harness.beginGroup()
    harness.add("MappingKit, JSONSerialization output", objects: objects) { try Model.array(from: fromJSON).count }
    harness.add("hand-written as?, JSONSerialization output", objects: objects) {
        fromJSON.map { handWritten($0 as? [String: Any] ?? [:]) }.count
    }
}

/// Megabytes of JSON per second for the rows that read or write the whole document.
func printThroughput(_ harness: Harness, bytes: Int, objects: Int) {
    let rows = ["MappingKit, from Data (own parser)", "JSONDecoder, from Data", "MappingKit jsonData, to Data", "JSONEncoder, to Data",
                "JSONValue.parse, from Data", "JSONSerialization.jsonObject, from Data"]
    print("\n| throughput (\(bytes) bytes) | MB/s |")
    print("|---|---:|")
    for row in rows where !harness.median(row).isNaN {
        print("| \(row) | \(String(format: "%.0f", Double(bytes) / (harness.median(row) * Double(objects)) * 1000)) |")
    }
}

/// The machine's load averages (1, 5 and 15 minutes), printed at the start and the end.
func loadAverages() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown").split(separator: " ").prefix(3).joined(separator: " ")
}

print("MappingKit benchmark: \(rounds) rounds per measurement, median ns per object; load at start \(loadAverages())")

/// Whether the data set `name` runs (`--set`, for profiling one).
func runs(_ name: String) -> Bool {
    option("--set").map { $0 == name } ?? true
}

// twitter.json: 100 statuses, each with a user and entities.
if runs("twitter") {
    let data = try load("twitter.json")
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let fromJSON = root["statuses"] as? [Any] ?? []
    let native = NativeValues.convert(fromJSON) as? [Any] ?? []
    let objects = fromJSON.count

    let mapped = try Status.array(from: fromJSON)
    let handWritten = fromJSON.map { Status(handWritten: $0 as? [String: Any] ?? [:]) }
    let decoded = try JSONDecoder().decode(TwitterFeed.self, from: data).statuses
    let mappedNative = try Status.array(from: native)
    check(mapped == handWritten && mapped == decoded && mappedNative == mapped,
          "twitter: the contenders disagree")

    let configured = try ConfiguredStatus.array(from: fromJSON)
    check(configured.map(\.idString) == mapped.map(\.id_str) && configured.map(\.user.screenName) == mapped.map(\.user.screen_name),
          "twitter: the configured models disagree")
    check(try ConfiguredFeed(json: data).statuses.map(\.idString) == mapped.map(\.id_str), "twitter: the configured models disagree from JSON")
    let bridged = BridgedFeed(statuses: mapped)
    check(try JSONDecoder().decode(BridgedFeed.self, from: data).statuses == mapped
          && JSONDecoder().decode(BridgedFeed.self, from: JSONEncoder().encode(bridged)) == bridged,
          "twitter: the Codable bridge disagrees")

    var harness = Harness(rounds: rounds, only: option("--only"))
    addDictionaryRows(to: &harness, native: native, fromJSON: fromJSON, objects: objects, handWritten: Status.init(handWritten:))
    harness.add("MappingKit configured, JSONSerialization output", objects: objects) {
        try ConfiguredStatus.array(from: fromJSON).count
    }
    harness.beginGroup()
    harness.add("MappingKit dictionaryRepresentation", objects: objects) {
        try mapped.map { try $0.dictionaryRepresentation() }.count
    }
    harness.add("hand-written toDictionary", objects: objects) { mapped.map { $0.handWrittenDictionary() }.count }
    harness.add("MappingKit configured dictionaryRepresentation", objects: objects) {
        try configured.map { try $0.dictionaryRepresentation() }.count
    }
    try addJSONRows(
        to: &harness, data: data, model: TwitterFeed(statuses: mapped), objects: objects,
        decoder: { try JSONDecoder().decode(TwitterFeed.self, from: data).statuses.count },
        encoder: { try JSONEncoder().encode(TwitterFeed(statuses: mapped)).count },
        decoding: { harness in
            harness.add("MappingKit configured, from Data (own parser)", objects: objects) { _ = try ConfiguredFeed(json: data); return 1 }
            harness.add("JSONDecoder through MappableCodable, from Data", objects: objects) {
                try JSONDecoder().decode(BridgedFeed.self, from: data).statuses.count
            }
            harness.add("JSONSerialization + MappingKit, from Data", objects: objects) {
                let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                return try Status.array(from: root["statuses"] as? [Any] ?? []).count
            }
        },
        encoding: { harness in
            harness.add("MappingKit + JSONSerialization, to Data", objects: objects) {
                try JSONSerialization.data(withJSONObject: ["statuses": mapped.map { try $0.dictionaryRepresentation() }]).count
            }
            harness.add("JSONEncoder through MappableCodable, to Data", objects: objects) { try JSONEncoder().encode(bridged).count }
        }
    )
    try harness.run()
    harness.printTable(title: "twitter.json (\(objects) statuses)", ratios: ratios)
    printThroughput(harness, bytes: data.count, objects: objects)
}

// citm_catalog.json: one catalogue of 184 events and 243 performances; objects = events + performances.
if runs("citm") {
    let data = try load("citm_catalog.json")
    let fromJSON = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let native = NativeValues.convert(fromJSON) as? [String: Any] ?? [:]
    let objects = (fromJSON["events"] as? [String: Any] ?? [:]).count + (fromJSON["performances"] as? [Any] ?? []).count

    let mapped = try Catalog(dictionary: fromJSON)
    let decoded = try JSONDecoder().decode(Catalog.self, from: data)
    let mappedNative = try Catalog(dictionary: native)
    check(mapped == Catalog(handWritten: fromJSON) && mapped == decoded && mappedNative == mapped,
          "citm_catalog: the contenders disagree")

    let performances = fromJSON["performances"] as? [Any] ?? []
    let configuredPerformances = try ConfiguredPerformance.array(from: performances)
    check(configuredPerformances.map(\.event) == mapped.performances.map(\.eventId), "citm_catalog: the configured models disagree")
    check(try ConfiguredPerformances(json: data).performances.map(\.event) == mapped.performances.map(\.eventId),
          "citm_catalog: the configured models disagree from JSON")
    let performanceObjects = performances.count

    var harness = Harness(rounds: rounds, only: option("--only"))
    harness.add("MappingKit, native dictionaries", objects: objects) { try Catalog(dictionary: native).performances.count }
    harness.add("hand-written as?, native dictionaries", objects: objects) { Catalog(handWritten: native).performances.count }
    harness.beginGroup()
    harness.add("MappingKit, JSONSerialization output", objects: objects) {
        try Catalog(dictionary: fromJSON).performances.count
    }
    harness.add("hand-written as?, JSONSerialization output", objects: objects) {
        Catalog(handWritten: fromJSON).performances.count
    }
    harness.beginGroup()
    harness.add("MappingKit, performances only", objects: performanceObjects) {
        try Performance.array(from: performances).count
    }
    harness.add("MappingKit configured, performances only", objects: performanceObjects) {
        try ConfiguredPerformance.array(from: performances).count
    }
    harness.beginGroup()
    harness.add("MappingKit dictionaryRepresentation", objects: objects) { try mapped.dictionaryRepresentation().count }
    harness.add("hand-written toDictionary", objects: objects) { mapped.handWrittenDictionary().count }
    try addJSONRows(
        to: &harness, data: data, model: mapped, objects: objects,
        decoder: { try JSONDecoder().decode(Catalog.self, from: data).performances.count },
        encoder: { try JSONEncoder().encode(mapped).count },
        decoding: { harness in
            harness.add("MappingKit, performances only, from Data (own parser)", objects: performanceObjects) {
                _ = try Performances(json: data)
                return 1
            }
            harness.add("MappingKit configured, performances only, from Data (own parser)", objects: performanceObjects) {
                _ = try ConfiguredPerformances(json: data)
                return 1
            }
            harness.add("JSONSerialization + MappingKit, from Data", objects: objects) {
                try Catalog(dictionary: JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]).performances.count
            }
        },
        encoding: { harness in
            harness.add("MappingKit + JSONSerialization, to Data", objects: objects) {
                try JSONSerialization.data(withJSONObject: mapped.dictionaryRepresentation()).count
            }
        }
    )
    try harness.run()
    harness.printTable(title: "citm_catalog.json (\(objects) events and performances)", ratios: ratios + [
        ("MappingKit configured, performances only", "MappingKit, performances only"),
        ("MappingKit configured, performances only, from Data (own parser)", "MappingKit, performances only, from Data (own parser)"),
    ])
    printThroughput(harness, bytes: data.count, objects: objects)
}

// canada.json: one country's borders, 55,563 points of two coordinates; objects = points.
if runs("canada") {
    let data = try load("canada.json")
    let decoded = try JSONDecoder().decode(Country.self, from: data)
    let objects = decoded.features.flatMap(\.geometry.coordinates).reduce(0) { $0 + $1.count }
    let fromJSON = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let mapped = try Country(dictionary: fromJSON)
    check(mapped == decoded, "canada: MappingKit from JSONSerialization output disagrees with JSONDecoder")
    let naive = Country(handWritten: fromJSON)
    let misrounded = zip(naive.features.flatMap(\.geometry.coordinates).joined(), decoded.features.flatMap(\.geometry.coordinates).joined())
        .reduce(0) { count, pair in count + zip(pair.0, pair.1).filter { $0 != $1 }.count }
    print("canada.json: the hand-written `as? [[[Double]]]` misrounds \(misrounded) of \(objects * 2) coordinates; MappingKit none")
    var harness = Harness(rounds: max(rounds / 2, 5), only: option("--only"))
    harness.add("MappingKit, JSONSerialization output", objects: objects) { try Country(dictionary: fromJSON).features.count }
    harness.add("hand-written as?, JSONSerialization output", objects: objects) { Country(handWritten: fromJSON).features.count }
    try addJSONRows(
        to: &harness, data: data, model: decoded, objects: objects,
        decoder: { try JSONDecoder().decode(Country.self, from: data).features.count },
        encoder: { try JSONEncoder().encode(decoded).count }
    )
    try harness.run()
    harness.printTable(title: "canada.json (\(objects) points)", ratios: ratios)
    printThroughput(harness, bytes: data.count, objects: objects)
}

// GitHub events (made here, 1,000 per round): small nested models and an untyped payload.
if runs("github") {
    let data = GitHubEvents.json(count: 1_000)
    let fromJSON = try JSONSerialization.jsonObject(with: data) as? [Any] ?? []
    let native = NativeValues.convert(fromJSON) as? [Any] ?? []
    let objects = fromJSON.count
    let handWritten = native.map { GitHubEvent(handWritten: $0 as? [String: Any] ?? [:]) }.map(\.summary)
    check(try GitHubEvent.array(from: native).map(\.summary) == handWritten
          && GitHubEvent.array(from: fromJSON).map(\.summary) == handWritten
          && GitHubEvent.array(json: data).map(\.summary) == handWritten, "github: the contenders disagree")
    var harness = Harness(rounds: max(rounds / 2, 5), only: option("--only"))
    addDictionaryRows(to: &harness, native: native, fromJSON: fromJSON, objects: objects, handWritten: GitHubEvent.init(handWritten:))
    harness.beginGroup()
    harness.add("MappingKit, from Data (own parser)", objects: objects) { try GitHubEvent.array(json: data).count }
    try harness.run()
    harness.printTable(title: "GitHub events (\(objects) generated, with an untyped payload)", ratios: ratios)
}

// 10^3 to 10^6 statuses: time per object, then peak memory (in child processes).
if runs("scale") {
    try Scale.report(native: nativeStatuses(), rounds: rounds, only: option("--only"))
}
if runs("memory") {
    try Scale.reportPeakMemory()
}

// Streams from files of 10^5 statuses (about 630 MB; 10^4 in a short run), or --stream-statuses N.
if runs("stream") {
    let statuses = option("--stream-statuses").flatMap(Int.init) ?? (rounds < 10 ? 10_000 : 100_000)
    try Streams.report(twitter: load("twitter.json"), count: max(100, statuses / 100 * 100), rounds: max(1, min(rounds / 10, 5)))
}

// The first mapping of a type, in fresh processes.
// Imports into an identity map and SQLite.
if runs("store") {
    try runStoreSet()
}

if runs("first") {
    try FirstMapping.report(runs: max(3, min(rounds / 5, 21)))
}

// Dates: the built-in adapters against Foundation's formatters, per date parsed.
if runs("dates") {
    struct Stamp: Mappable {
        var iso = Date(timeIntervalSince1970: 0)
        var tweet = Date(timeIntervalSince1970: 0)
        static let mappingConfiguration = MappingConfiguration(for: Stamp.self) { map in
            map.map(\.iso, using: .iso8601)
            map.map(\.tweet, using: twitterDate)
        }
    }
    // The same date through a value strategy set once for the type (and its nested types).
    struct TreeStamp: Mappable {
        var iso = Date(timeIntervalSince1970: 0)
        static let mappingConfiguration = MappingConfiguration(for: TreeStamp.self) { $0.convert(Date.self, using: .iso8601) }
    }
    let count = 1_000
    let isoTexts = (0..<count).map { "2014-02-\(10 + $0 % 18)T09:\(10 + $0 % 50):00.\(100 + $0 % 900)Z" }
    let tweetTexts = (0..<count).map { "Sun Aug \(10 + $0 % 20) 00:\(10 + $0 % 50):15 +0000 2014" }
    let isoOnly = isoTexts.map { ["iso": $0] as [String: Any] }
    let tweetOnly = tweetTexts.map { ["tweet": $0] as [String: Any] }
    let isoFormatter = ISO8601DateFormatter()
    isoFormatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    let tweetFormatter = DateFormatter()
    tweetFormatter.locale = Locale(identifier: "en_US_POSIX")
    tweetFormatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    // MappingKit reads a date as the text's value correctly rounded (from Date's reference date);
    // ISO8601DateFormatter rounds through seconds since 1970, so its fractions may differ in
    // the last bit: the two agree to the microsecond.
    let mapped = try Stamp.array(from: isoOnly).map(\.iso)
    let formatted = isoTexts.compactMap(isoFormatter.date(from:))
    check(mapped.count == formatted.count && zip(mapped, formatted).allSatisfy { abs($0.timeIntervalSince($1)) < 1e-6 },
          "dates: the ISO 8601 parsers disagree")
    check(try Stamp.array(from: tweetOnly).map(\.tweet) == tweetTexts.compactMap(tweetFormatter.date(from:)),
          "dates: the Twitter date parsers disagree")
    check(try TreeStamp.array(from: isoOnly).map(\.iso) == mapped, "dates: a value strategy reads what the property's adapter reads")

    var harness = Harness(rounds: max(rounds / 5, 5), only: option("--only"))
    harness.add("MappingKit .iso8601, model with one date", objects: count) { try Stamp.array(from: isoOnly).count }
    harness.add("MappingKit .iso8601 as a value strategy, model with one date", objects: count) { try TreeStamp.array(from: isoOnly).count }
    harness.add("ISO8601DateFormatter", objects: count) { isoTexts.compactMap(isoFormatter.date(from:)).count }
    harness.add("MappingKit twitter pattern, model with one date", objects: count) { try Stamp.array(from: tweetOnly).count }
    harness.add("DateFormatter (twitter pattern)", objects: count) { tweetTexts.compactMap(tweetFormatter.date(from:)).count }
    let adapterRows = try addDateAdapterRows(to: &harness, twitter: load("twitter.json"))
    try harness.run()
    harness.printTable(title: "dates (\(count) per round; MappingKit rows include mapping the one-property model)", ratios: [
        ("MappingKit .iso8601, model with one date", "ISO8601DateFormatter"),
        ("MappingKit twitter pattern, model with one date", "DateFormatter (twitter pattern)"),
        ("MappingKit .iso8601 as a value strategy, model with one date", "MappingKit .iso8601, model with one date"),
    ])
    printDateCosts(harness, adapterRows)
}

// Realistic models (issue 41): twitter.json as an app models it, against its strings-only twin
// and JSONDecoder; each document's keys in order, reversed and shuffled; one URL or one date
// per object against `URL(string:)`.
if runs("realistic") {
    try runRealisticSet()
}

// Generic models configured through `MappingConfiguration.shared` against non-generic twins.
if runs("generic") {
    let root = try JSONSerialization.jsonObject(with: load("twitter.json")) as? [String: Any] ?? [:]
    try GenericModels.run(twitter: NativeValues.convert(root) as? [String: Any] ?? [:], rounds: rounds, only: option("--only"))
}

// A configuration computed on every call (`static var`) against the same one stored once: the
// plan is compiled once for both; the computed one pays for building the configuration and for
// binding its closures. Resident memory must stay flat however many calls are made.
if runs("computed") {
    struct Stored: Mappable {
        var name = ""
        var count = 0
        var seen = false
        static let mappingConfiguration = MappingConfiguration(for: Stored.self) { map in
            map.map(\.count, using: Adapter<Int>(from: Int.self) { $0 * 2 } encode: { $0 / 2 })
            map.didMap { $0.seen = true }
        }
    }
    struct Computed: Mappable {
        var name = ""
        var count = 0
        var seen = false
        static var mappingConfiguration: MappingConfiguration {
            MappingConfiguration(for: Computed.self) { map in
                map.map(\.count, using: Adapter<Int>(from: Int.self) { $0 * 2 } encode: { $0 / 2 })
                map.didMap { $0.seen = true }
            }
        }
    }
    func residentKilobytes() -> Int {
        ProcessMemory.kilobytes("VmRSS")
    }
    let input: [[String: Any]] = Array(repeating: ["name": "a", "count": 21], count: 1_000)
    check(try Computed.array(from: input).allSatisfy { $0.count == 42 && $0.seen }, "computed configuration: wrong result")
    var harness = Harness(rounds: max(rounds / 5, 5), only: option("--only"))
    harness.add("static let configuration", objects: input.count) {
        try input.reduce(0) { count, element in count + (try Stored(dictionary: element).count) }
    }
    harness.add("static var configuration (built on every call)", objects: input.count) {
        try input.reduce(0) { count, element in count + (try Computed(dictionary: element).count) }
    }
    try harness.run()
    harness.printTable(title: "configurations computed on every call (\(input.count) models per round)", ratios: [
        ("static var configuration (built on every call)", "static let configuration"),
    ])
    // The memory check runs with the timed rows, not when `--only` leaves them out.
    let computedRow = "static var configuration (built on every call)"
    guard option("--only").map({ computedRow.contains($0) }) ?? true else { exit(0) }
    let before = residentKilobytes()
    for _ in 0..<(rounds >= 100 ? 1_000 : 100) {
        for element in input { _ = try Computed(dictionary: element) }
    }
    let calls = (rounds >= 100 ? 1_000 : 100) * input.count
    print("\nresident memory after \(calls) more calls with a computed configuration: \(residentKilobytes() - before) KB more")
}

// Hostile input against `MappingLimits` (issue 45): each row one document at or past a limit,
// its cost per document. The problems and the number length are what the limits bound.
if runs("limits") {
    struct Numbers: Mappable {
        var n = 0.0
        var d: Decimal = 0
        var s = ""
    }
    struct Pair: Mappable {
        var a = 0
        var b = 0
    }
    func refused(_ body: () throws -> Void) -> Int {
        do { try body() } catch { return 1 }
        return 0
    }
    let fraction = Data(#"{"n": 0.\#(String(repeating: "7", count: 9_998))}"#.utf8)
    let integer = Data(#"{"d": 1\#(String(repeating: "0", count: 9_999))}"#.utf8)
    let million = Data(#"{"n": 1\#(String(repeating: "0", count: 999_999))}"#.utf8)
    let longString = Data(#"{"s": "\#(String(repeating: "7", count: 1_000_000))"}"#.utf8)
    let badPairs = Data(("[" + Array(repeating: #"{"a": "x", "b": "y"}"#, count: 300_000).joined(separator: ",") + "]").utf8)
    let undefined = Data(("{" + (0..<200_000).map { #""k\#($0)": 1"# }.joined(separator: ",") + "}").utf8)
    check(try Numbers(json: fraction).n == 0.7777777777777778, "limits: the fraction at the limit")
    check(refused { _ = try Numbers(json: integer) } == 1, "limits: the integer at the limit")
    check(refused { _ = try Numbers(json: million) } == 1, "limits: the number past the limit")
    var harness = Harness(rounds: max(rounds / 5, 5), only: option("--only"))
    harness.add("a 10,000-character fraction into Double (maximumNumberLength)", objects: 1) { Int(try Numbers(json: fraction).n) }
    harness.add("a 10,000-digit integer into Decimal, refused", objects: 1) { refused { _ = try Numbers(json: integer) } }
    harness.add("a 1,000,000-digit number, refused past maximumNumberLength", objects: 1) { refused { _ = try Numbers(json: million) } }
    harness.add("a 1,000,000-character string, read", objects: 1) { try Numbers(json: longString).s.utf8.count }
    harness.add("300,000 objects with two bad values (6.3 MB), maximumProblems", objects: 1) {
        refused { _ = try Pair.array(json: badPairs) }
    }
    harness.add("200,000 undefined keys under .raise, maximumProblems", objects: 1) {
        refused { _ = try Pair(json: undefined, undefinedKeys: .raise) }
    }
    try harness.run()
    harness.printTable(title: "hostile input at the limits (ns per document)", ratios: [
        ("a 1,000,000-digit number, refused past maximumNumberLength", "a 1,000,000-character string, read"),
    ])
}

print("\nload at end \(loadAverages())")
