import Foundation
import MappingKit
import Testing

// Dates through every built-in adapter and every path (issue 23, item 4): a date written reads
// back as the same `Date`, or the write throws; never a date moved on the way back.

private struct ISO: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: ISO.self) { $0.map(\.at, to: "at", using: .iso8601) }
}

private struct ISODate: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: ISODate.self) { $0.map(\.at, to: "at", using: .iso8601Date) }
}

private struct Seconds: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Seconds.self) { $0.map(\.at, to: "at", using: .unixSeconds) }
}

private struct Milliseconds: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Milliseconds.self) { $0.map(\.at, to: "at", using: .unixMilliseconds) }
}

private struct Millis: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Millis.self) { $0.map(\.at, to: "at", using: .date(format: "yyyy-MM-dd HH:mm:ss.SSS")) }
}

private struct Twitter: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Twitter.self) {
        $0.map(\.at, to: "at", using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy", secondsFromGMT: 3_600))
    }
}

/// GitHub's local times: an offset written with a colon (`xxx`).
private struct LocalOffset: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: LocalOffset.self) {
        $0.map(\.at, to: "at", using: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", secondsFromGMT: -14_400))
    }
}

private struct RoundedTwitter: MappableCodable {
    var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: RoundedTwitter.self) {
        $0.map(\.at, to: "at", using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy", rounding: .down))
    }
}

private protocol DateModel: MappableCodable {
    var at: Date { get set }
}

extension ISO: DateModel {}
extension ISODate: DateModel {}
extension Seconds: DateModel {}
extension Milliseconds: DateModel {}
extension Millis: DateModel {}
extension Twitter: DateModel {}
extension LocalOffset: DateModel {}

/// Random dates of every kind: whole seconds, milliseconds, microseconds, any bits, extremes.
private func dates(count: Int, seed: UInt64) -> [Date] {
    var random = SplitMix64(seed: seed)
    var dates: [Date] = [
        Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 1e-9),
        Date(timeIntervalSinceReferenceDate: -1e-20), Date(timeIntervalSince1970: -62_167_219_200), // 0000-01-01
        Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 1_392_283_800.25),
        Date(timeIntervalSince1970: 199_634_266_848.522), Date(timeIntervalSince1970: 1_392_283_800.123_456_789),
        Date(), Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_1),
    ]
    // Consecutive Dates of today (issue 37, item 5: half of them had no number since 1970 that
    // read back as the same Date).
    var today = 786_000_000.123_456_1
    for _ in 0..<200 {
        today = today.nextUp
        dates.append(Date(timeIntervalSinceReferenceDate: today))
    }
    let span = 253_402_300_799.0 + 62_167_219_200.0
    while dates.count < count {
        let seconds = (Double(random.next() >> 11) / 0x1p53) * span - 62_167_219_200
        switch random.next() % 5 {
        case 0: dates.append(Date(timeIntervalSince1970: seconds.rounded(.down)))
        case 1: dates.append(Date(timeIntervalSince1970: (seconds * 1_000).rounded(.down) / 1_000))
        case 2: dates.append(Date(timeIntervalSince1970: (seconds * 1_000_000).rounded(.down) / 1_000_000))
        case 3: dates.append(Date(timeIntervalSinceReferenceDate: Double(Int64(bitPattern: random.next()) % 2_000_000_000) / 1_000))
        default: dates.append(Date(timeIntervalSince1970: seconds))
        }
    }
    return dates
}

/// Writes and reads back `date` through every path. Returns the paths that refused it; any
/// path that wrote it must read back the same `Date`.
private func roundTrip<Model: DateModel>(_ type: Model.Type, _ date: Date, failures: inout [String]) -> Int {
    var model = Model()
    model.at = date
    var refused = 0
    func check(_ path: String, _ body: () throws -> Date) {
        do {
            let back = try body()
            if back != date {
                failures.append("\(Model.self) \(path): \(date.timeIntervalSinceReferenceDate) came back as \(back.timeIntervalSinceReferenceDate)")
            }
        } catch let error as MappingError {
            refused += 1
            // What the format cannot hold: a finer part than it has, or (in a pattern's own
            // offset, west of UTC) a year before 0000.
            if !error.description.contains("without loss of precision"), !error.description.contains("in years 0000...9999") {
                failures.append("\(Model.self) \(path): \(error)")
            }
        } catch let error as EncodingError {
            refused += 1
            if !"\(error)".contains("without loss of precision"), !"\(error)".contains("in years 0000...9999") {
                failures.append("\(Model.self) \(path): \(error)")
            }
        } catch {
            failures.append("\(Model.self) \(path): \(error)")
        }
    }
    check("dictionary") { try Model(dictionary: model.dictionaryRepresentation()).at }
    check("JSON") { try Model(json: model.jsonData()).at }
    check("JSONSerialization") {
        let object = try JSONSerialization.jsonObject(with: model.jsonData())
        return try Model(dictionary: object as? [String: Any] ?? [:]).at
    }
    check("JSONEncoder") { try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(model)).at }
    check("PropertyListEncoder") { try PropertyListDecoder().decode(Model.self, from: PropertyListEncoder().encode(model)).at }
    return refused
}

@Suite("Dates read back as the same Date through every adapter and path (issue 23)")
struct DateRoundTripTests {
    @Test("2,000 random and extreme dates per adapter (a local offset with a colon among them), through the dictionary, JSON, JSONSerialization, JSONEncoder and PropertyListEncoder")
    func everyAdapterEveryPath() {
        var failures: [String] = []
        var refusals: [String: Int] = [:]
        for date in dates(count: 2_000, seed: 0x4_23) {
            refusals["iso8601", default: 0] += roundTrip(ISO.self, date, failures: &failures)
            refusals["iso8601Date", default: 0] += roundTrip(ISODate.self, date, failures: &failures)
            refusals["unixSeconds", default: 0] += roundTrip(Seconds.self, date, failures: &failures)
            refusals["unixMilliseconds", default: 0] += roundTrip(Milliseconds.self, date, failures: &failures)
            refusals["ss.SSS", default: 0] += roundTrip(Millis.self, date, failures: &failures)
            refusals["twitter", default: 0] += roundTrip(Twitter.self, date, failures: &failures)
            refusals["xxx", default: 0] += roundTrip(LocalOffset.self, date, failures: &failures)
        }
        #expect(Array(failures.prefix(20)) == [])
        let refused = refusals.values.reduce(0, +)
        print("dates: 2000 dates × 7 adapters × 5 paths = 70000 round trips, \(refused) writes refused, \(failures.count) dates moved")
        // What each format cannot hold is refused, and only that: ISO 8601 refuses only a few
        // dates within a second of 2001; the others refuse the dates with finer parts than theirs.
        #expect((refusals["iso8601"] ?? 0) <= 5 * 3)
        #expect((refusals["iso8601Date"] ?? 0) > 0)
        // A number since 1970 holds every Date exactly.
        #expect(refusals["unixSeconds"] == 0)
        #expect(refusals["unixMilliseconds"] == 0)
        #expect((refusals["twitter"] ?? 0) > 0)
        #expect((refusals["xxx"] ?? 0) > 0)
    }

    @Test("unix seconds and milliseconds hold Dates from far past, far future and next to 2001, exactly", arguments: [
        1e300, -1e300, 1e15 + 0.5, 1e-9, -1e-20, 1e-25, 786_000_000.123_456_1, 0x1p-30,
    ])
    func epochExtremes(reference: Double) throws {
        let date = Date(timeIntervalSinceReferenceDate: reference)
        for (name, back) in [
            ("seconds, dictionary", { try Seconds(dictionary: Seconds(at: date).dictionaryRepresentation()).at }),
            ("seconds, JSON", { try Seconds(json: Seconds(at: date).jsonData()).at }),
            ("seconds, JSONDecoder", { try JSONDecoder().decode(Seconds.self, from: JSONEncoder().encode(Seconds(at: date))).at }),
            ("milliseconds, dictionary", { try Milliseconds(dictionary: Milliseconds(at: date).dictionaryRepresentation()).at }),
            ("milliseconds, JSON", { try Milliseconds(json: Milliseconds(at: date).jsonData()).at }),
        ] as [(String, () throws -> Date)] {
            #expect(try back().timeIntervalSinceReferenceDate == reference, "\(name)")
        }
    }

    @Test("a number since 1970 is read exactly, rounded once to the Date: from JSON text, a Decimal, a Double, an integer")
    func epochReading() throws {
        // 1764307200.1234561 s since 1970 is 786000000.1234561 s since 2001, which a Double of
        // seconds since 1970 cannot carry (it reads 786000000.123456 through Date(timeIntervalSince1970:)).
        let expected = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_1)
        #expect(try Seconds(json: #"{"at": 1764307200.1234561}"#).at == expected)
        #expect(try Seconds(dictionary: ["at": try #require(Decimal(string: "1764307200.1234561"))]).at == expected)
        #expect(try Milliseconds(json: #"{"at": 1764307200123.4561}"#).at == expected)
        #expect(try Seconds(dictionary: ["at": 1_764_307_200]).at == Date(timeIntervalSince1970: 1_764_307_200))
        #expect(try Seconds(dictionary: ["at": 1_392_249_600.5]).at == Date(timeIntervalSince1970: 1_392_249_600.5))
        #expect(try Seconds(dictionary: ["at": "1392249600.5"]).at == Date(timeIntervalSince1970: 1_392_249_600.5))
        let written = try Seconds(at: expected).dictionaryRepresentation()["at"]
        #expect(written as? Decimal == Decimal(string: "1764307200.1234561"))
        #expect(String(decoding: try Seconds(at: expected).jsonData(), as: UTF8.self) == #"{"at":1764307200.1234561}"#)
    }

    @Test("each format writes the shortest text that reads back as the same Date")
    func shortestText() throws {
        let millis = try Milliseconds(json: Data(#"{"at": 199634266848522}"#.utf8))
        #expect(String(decoding: try millis.jsonData(), as: UTF8.self) == #"{"at":199634266848522}"#)
        let seconds = Seconds(at: Date(timeIntervalSince1970: 1_392_283_800.123_456))
        #expect(String(decoding: try seconds.jsonData(), as: UTF8.self) == #"{"at":1392283800.123456}"#)
        let micro = try ISO(json: Data(#"{"at": "2014-02-13T09:30:00.123456Z"}"#.utf8))
        #expect(String(decoding: try micro.jsonData(), as: UTF8.self) == #"{"at":"2014-02-13T09:30:00.123456Z"}"#)
        let quarter = try ISO(json: Data(#"{"at": "2014-02-13T09:30:00.250+01:00"}"#.utf8))
        #expect(String(decoding: try quarter.jsonData(), as: UTF8.self) == #"{"at":"2014-02-13T08:30:00.25Z"}"#)
    }

    @Test("a pattern without fractions refuses a fraction, or rounds it when asked to")
    func patternWithoutFraction() throws {
        let date = Date(timeIntervalSince1970: 1_392_283_800.75)
        #expect(mappingError { _ = try Twitter(at: date).dictionaryRepresentation() }?.description
            == "at: expected Date as EEE MMM dd HH:mm:ss Z yyyy without loss of precision, found Date 2014-02-13T09:30:00.75Z")
        #expect(try RoundedTwitter(at: date).dictionaryRepresentation()["at"] as? String == "Thu Feb 13 09:30:00 +0000 2014")
        #expect(try Twitter(at: Date(timeIntervalSince1970: 1_392_283_800)).dictionaryRepresentation()["at"] as? String
            == "Thu Feb 13 10:30:00 +0100 2014")
    }

    @Test("a date alone is .iso8601Date's; .iso8601 refuses it outside .lenient, and .iso8601Date refuses a time")
    func dateAlone() throws {
        #expect(mappingError { _ = try ISO(dictionary: ["at": "2011-01-26"]) }?.description
            == #"at: expected Date in ISO 8601 with a time (a date alone maps with .iso8601Date), found String "2011-01-26""#)
        let day = try ISODate(dictionary: ["at": "2011-01-26"])
        #expect(day.at == Date(timeIntervalSince1970: 1_296_000_000))
        #expect(try day.dictionaryRepresentation()["at"] as? String == "2011-01-26")
        #expect(mappingError { _ = try ISODate(at: Date(timeIntervalSince1970: 1_296_000_001)).dictionaryRepresentation() }?.description
            == "at: expected Date as yyyy-MM-dd without loss of precision, found Date 2011-01-26T00:00:01Z")
    }
}
