import Foundation
import MappingKit
import Testing

private struct Color: Equatable {
    var red = 0.0, green = 0.0, blue = 0.0
}

private struct WrongComponentCount: Error, CustomStringConvertible {
    let count: Int
    var description: String { "a colour needs 3 components, found \(count)" }
}

/// ObjectMapping's colour from `[122, 50, 80]`; the adapter is keyed by the model's property.
private let colorFromNumberArray = Adapter<Color>(from: [Int].self) { components in
    guard components.count == 3 else { throw WrongComponentCount(count: components.count) }
    return Color(red: Double(components[0]) / 255, green: Double(components[1]) / 255, blue: Double(components[2]) / 255)
} encode: { color in
    [Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded())]
}

private struct Paint: Mappable, Equatable {
    var color = Color()
    var accents: [Color] = []
    var highlight: Color?

    static let mappingConfiguration = MappingConfiguration(for: Paint.self) { map in
        map.map(\.color, using: colorFromNumberArray)
        map.map(\.accents, using: colorFromNumberArray)
        map.map(\.highlight, to: "highlight_color", using: colorFromNumberArray)
    }
}

private struct Dates: Mappable, Equatable {
    var iso = Date(timeIntervalSince1970: 0)
    var day: Date?
    var seconds = Date(timeIntervalSince1970: 0)
    var milliseconds = Date(timeIntervalSince1970: 0)
    var stamp = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: Dates.self) { map in
        map.map(\.iso, using: .iso8601)
        map.map(\.day, using: .date(format: "yyyy/MM/dd"))
        map.map(\.seconds, using: .unixSeconds)
        map.map(\.milliseconds, using: .unixMilliseconds)
        map.map(\.stamp, using: .date(format: "dd.MM.yyyy HH:mm:ss.SSS", secondsFromGMT: 3_600))
    }
}

private struct Values: Mappable, Equatable {
    var price = Decimal(0)
    var payload = Data()
    var location = Location(lat: 0, lng: 0)

    static let mappingConfiguration = MappingConfiguration(for: Values.self) { map in
        map.map(\.price, using: .decimal)
        map.map(\.payload, using: .base64)
        map.map(\.location, using: .codable)
    }
}

private struct Location: Codable, Equatable {
    var lat: Double
    var lng: Double
}

private func date(_ text: String) -> Date {
    Date(timeIntervalSince1970: DateComponentsParser.seconds(text))
}

/// Test-side reference: Foundation's ISO 8601 formatter, for comparison only.
private enum DateComponentsParser {
    static func seconds(_ text: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)?.timeIntervalSince1970 ?? .nan
    }
}

/// Issue 37, item 1: an adapter on an array or dictionary property converts every element,
/// whatever container the elements come in.
private struct Suffixed: Mappable, Equatable {
    var tags: [String] = []
    var counts: [Int] = []

    static let mappingConfiguration = MappingConfiguration(for: Suffixed.self) { map in
        map.map(\.tags, using: Adapter<String>("t", decode: { "\($0)_T" }, encode: { $0 }))
        map.map(\.counts, using: Adapter<Int>("n", decode: { input in
            guard let number = input as? Int else { throw WrongComponentCount(count: -1) }
            return number * 10
        }, encode: { $0 }))
    }
}

private struct LocalTimes: Mappable, Equatable {
    var utc = Date(timeIntervalSince1970: 0)
    var local = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: LocalTimes.self) { map in
        map.map(\.utc, using: .iso8601)
        map.map(\.local, using: .iso8601(assumingSecondsFromGMT: 3_600))
    }
}

private struct Quoted: Mappable, Equatable {
    var stamp = Date(timeIntervalSince1970: 0)
    var said = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: Quoted.self) { map in
        map.map(\.stamp, using: .date(format: "yyyy-MM-dd'T'HH:mm:ss"))
        map.map(\.said, using: .date(format: "'on' dd.MM.yyyy 'at' HH''mm"))
    }
}

private struct UnknownField: Mappable {
    var day = Date(timeIntervalSince1970: 0)
    var other = 0

    static let mappingConfiguration = MappingConfiguration(for: UnknownField.self) { map in
        map.map(\.day, using: .date(format: "yy-MM-dd"))
    }
}

private struct UnclosedQuote: Mappable {
    var day = Date(timeIntervalSince1970: 0)

    static let mappingConfiguration = MappingConfiguration(for: UnclosedQuote.self) { map in
        map.map(\.day, using: .date(format: "yyyy-MM-dd'T"))
    }
}

@Suite("Adapters")
struct AdapterTests {
    @Test("date patterns quote literal text as DateFormatter does (Unicode TR35), both ways")
    func quotedPatterns() throws {
        let model = try mapped(Quoted.self, ["stamp": "2020-01-02T03:04:05", "said": "on 02.01.2020 at 03'04"])
        #expect(model.stamp == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(model.said == Date(timeIntervalSince1970: 1_577_934_240))
        let back = try model.dictionaryRepresentation()
        #expect(back["stamp"] as? String == "2020-01-02T03:04:05")
        #expect(back["said"] as? String == "on 02.01.2020 at 03'04")
        #expect(mappingError { _ = try mapped(Quoted.self, ["stamp": "2020-01-02 03:04:05"]) }?.description
            == #"stamp: expected Date as yyyy-MM-dd'T'HH:mm:ss, found String "2020-01-02 03:04:05""#)
    }

    @Test("an unknown pattern letter or an unclosed quote is a configuration error before any input is read")
    func patternMistakes() {
        #expect(mappingError { _ = try UnknownField(dictionary: ["other": 1]) }?.description == """
            configuration of UnknownField: \\UnknownField.day: the date pattern "yy-MM-dd" has "yy", which is not a field \
            MappingKit reads: use yyyy, MM, MMM, dd, EEE, HH, mm, ss, SSS, Z and xxx, and quote literal text ('T')
            """)
        #expect(mappingError { _ = try UnclosedQuote(dictionary: [:]) }?.description == """
            configuration of UnclosedQuote: \\UnclosedQuote.day: the date pattern "yyyy-MM-dd'T" has a quote that is never closed
            """)
    }

    @Test(".iso8601 refuses a time without a zone; .iso8601(assumingSecondsFromGMT:) reads it at the offset named", arguments: [
        ("2017-04-06T16:55:02", 1_491_497_702.0),
        ("2017-04-06 16:55", 1_491_497_700.0),
        ("2017-04-06T16:55:02.5", 1_491_497_702.5),
    ])
    func zonelessTimes(text: String, secondsIfUTC: Double) throws {
        let error = mappingError { _ = try mapped(LocalTimes.self, ["utc": text]) }
        #expect(error?.description == """
            utc: expected Date in ISO 8601 with a time zone (a local time maps with .iso8601(assumingSecondsFromGMT:)), \
            found String "\(text)"
            """)
        let local = try mapped(LocalTimes.self, ["local": text])
        #expect(local.local == Date(timeIntervalSince1970: secondsIfUTC - 3_600))
        // Written in UTC with its zone, so the same Date reads back.
        #expect(try LocalTimes(json: local.jsonData()) == local)
        // A zone in the text wins over the assumed one.
        #expect(try mapped(LocalTimes.self, ["local": text + "Z"]).local == Date(timeIntervalSince1970: secondsIfUTC))
        #expect(try mapped(LocalTimes.self, ["utc": text + "+02:00"]).utc == Date(timeIntervalSince1970: secondsIfUTC - 7_200))
    }

    @Test("an adapter on an array converts every element of a native typed array too, as of [Any], NSArray and JSON")
    func adapterOnNativeArrays() throws {
        let expected = Suffixed(tags: ["a_T", "b_T"], counts: [10, 20])
        let inputs: [[String: Any]] = [
            ["tags": ["a", "b"], "counts": [1, 2]],
            ["tags": ["a", "b"] as [Any], "counts": [1, 2] as [Any]],
            ["tags": NSArray(array: ["a", "b"]), "counts": NSArray(array: [1, 2])],
            try jsonDictionary(#"{"tags": ["a", "b"], "counts": [1, 2]}"#),
        ]
        for input in inputs {
            #expect(try Suffixed(dictionary: input) == expected)
            #expect(try Suffixed.array(from: [input]) == [expected])
            var updated = Suffixed()
            try updated.update(from: input)
            #expect(updated == expected)
        }
        #expect(try Suffixed(json: #"{"tags": ["a", "b"], "counts": [1, 2]}"#) == expected)
        #expect(try mapped(Suffixed.self, ["tags": ["a", "b"], "counts": [1, 2]]) == expected)
    }

    @Test("ObjectMapping: a colour from an array of numbers, keyed by the model's property, and back")
    func colorAdapter() throws {
        let paint = try mapped(Paint.self, jsonDictionary(#"{"color": [122, 50, 80], "accents": [[255, 0, 0]], "highlight_color": null}"#))
        #expect(paint.color == Color(red: 122.0 / 255, green: 50.0 / 255, blue: 80.0 / 255))
        #expect(paint.accents == [Color(red: 1)])
        #expect(paint.highlight == nil)
        #expect(try plainRepresentation(of: paint) == .object([
            "color": .array([.int(122), .int(50), .int(80)]), "accents": .array([.array([.int(255), .int(0), .int(0)])]),
        ]))
    }

    @Test("adapter errors: the external type's own checks, and errors the closure throws")
    func colorErrors() throws {
        let input = try jsonDictionary(#"{"color": [1, "x", 3], "accents": [[1, 2]], "highlight_color": "red"}"#)
        #expect(mappingError { _ = try mapped(Paint.self, input) }?.description == """
            3 problems:
              color[1]: expected Int, found String "x"
              accents[0]: a colour needs 3 components, found 2
              highlight_color: expected Array, found String "red"
            """)
    }

    @Test("ISO 8601 in its common forms", arguments: [
        "2014-02-13T09:30:00Z", "2014-02-13T09:30:00.250Z", "2014-02-13T09:30:00+01:00", "2014-02-13T09:30:00-05:30",
        "2016-02-29T23:59:59.999Z", "1969-12-31T23:59:59Z",
    ])
    func iso8601(text: String) throws {
        let parsed = try mapped(Dates.self, ["iso": text]).iso
        #expect(abs(parsed.timeIntervalSince1970 - date(text).timeIntervalSince1970) < 0.000_001)
    }

    @Test("ISO 8601 variants Foundation's formatter does not take, and the way dates are written back")
    func iso8601Extras() throws {
        // A date alone would be written back with a time: .iso8601Date maps it (DateRoundTripTests).
        #expect(mappingError { _ = try mapped(Dates.self, ["iso": "2014-02-13"]) }?.description
            == #"iso: expected Date in ISO 8601 with a time (a date alone maps with .iso8601Date), found String "2014-02-13""#)
        let precise = try mapped(Dates.self, ["iso": "2014-02-13T09:30:00.123456789Z"]).iso.timeIntervalSince1970
        #expect(abs(precise - (date("2014-02-13T09:30:00Z").timeIntervalSince1970 + 0.123456789)) < 0.000_001)
        #expect(try mapped(Dates.self, ["iso": "2014-02-13t09:30:00z"]).iso == date("2014-02-13T09:30:00Z"))
        #expect(try mapped(Dates.self, ["iso": "2014-02-13 09:30:00+0100"]).iso == date("2014-02-13T08:30:00Z"))
        #expect(try mapped(Dates.self, ["iso": "2014-02-13T09:30+01"]).iso == date("2014-02-13T08:30:00Z"))
        let written = try Dates(iso: date("2014-02-13T09:30:00.250Z")).dictionaryRepresentation()
        #expect(written["iso"] as? String == "2014-02-13T09:30:00.25Z")
        let whole = try Dates(iso: date("2014-02-13T09:30:00Z")).dictionaryRepresentation()
        #expect(whole["iso"] as? String == "2014-02-13T09:30:00Z")
    }

    @Test("impossible or malformed dates are errors", arguments: [
        (#"{"iso": "2014-02-30T00:00:00Z"}"#, #"iso: expected Date in ISO 8601, found String "2014-02-30T00:00:00Z""#),
        (#"{"iso": "2014-13-01T00:00:00Z"}"#, #"iso: expected Date in ISO 8601, found String "2014-13-01T00:00:00Z""#),
        (#"{"iso": "2014-02-13T25:00:00Z"}"#, #"iso: expected Date in ISO 8601, found String "2014-02-13T25:00:00Z""#),
        (#"{"iso": "2014-02-13T09:30:00Q"}"#, #"iso: expected Date in ISO 8601, found String "2014-02-13T09:30:00Q""#),
        (#"{"iso": "yesterday"}"#, #"iso: expected Date in ISO 8601, found String "yesterday""#),
        (#"{"iso": true}"#, "iso: expected String, found Bool true"),
        (#"{"day": "2001-01-01"}"#, #"day: expected Date as yyyy/MM/dd, found String "2001-01-01""#),
        (#"{"day": "2001/02/29"}"#, #"day: expected Date as yyyy/MM/dd, found String "2001/02/29""#),
        (#"{"seconds": "soon"}"#, #"seconds: expected Date as unixSeconds, found String "soon""#),
    ])
    func dateErrors(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Dates.self, input) }?.description == message)
    }

    @Test("fixed patterns, Unix seconds and milliseconds, both ways")
    func patternsAndEpochs() throws {
        let dates = try mapped(Dates.self, jsonDictionary("""
            {"day": "2001/01/01", "seconds": 1392249600, "milliseconds": 1392249600250,
             "stamp": "13.02.2014 10:30:00.250"}
            """))
        #expect(dates.day == date("2001-01-01T00:00:00Z"))
        #expect(dates.seconds == date("2014-02-13T00:00:00Z"))
        #expect(dates.milliseconds == date("2014-02-13T00:00:00.250Z"))
        #expect(dates.stamp == date("2014-02-13T09:30:00.250Z"))
        let back = try dates.dictionaryRepresentation()
        #expect(Plain(back["day"] as Any) == .string("2001/01/01"))
        #expect(Plain(back["seconds"] as Any) == .int(1_392_249_600))
        #expect(Plain(back["milliseconds"] as Any) == .int(1_392_249_600_250))
        #expect(Plain(back["stamp"] as Any) == .string("13.02.2014 10:30:00.250"))
        #expect(try mapped(Dates.self, back) == dates)
        #expect(Plain(try Dates(seconds: Date(timeIntervalSince1970: 1.5)).dictionaryRepresentation()["seconds"] as Any)
            == .double(1.5))
    }

    @Test("month and weekday names and zone offsets: Twitter's date format, both ways")
    func twitterDates() throws {
        struct Tweet: Mappable {
            var createdAt = Date(timeIntervalSince1970: 0)
            static let mappingConfiguration = MappingConfiguration(for: Tweet.self) { map in
                map.map(\.createdAt, to: "created_at", using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy"))
            }
        }
        let tweet = try mapped(Tweet.self, ["created_at": "Sun Aug 31 00:29:15 +0000 2014"])
        #expect(tweet.createdAt == date("2014-08-31T00:29:15Z"))
        #expect(try mapped(Tweet.self, ["created_at": "Sat Aug 30 20:29:15 -0400 2014"]).createdAt == tweet.createdAt)
        #expect(try tweet.dictionaryRepresentation()["created_at"] as? String == "Sun Aug 31 00:29:15 +0000 2014")
        #expect(mappingError { _ = try mapped(Tweet.self, ["created_at": "Sun Foo 31 00:29:15 +0000 2014"]) }?.description
            == #"created_at: expected Date as EEE MMM dd HH:mm:ss Z yyyy, found String "Sun Foo 31 00:29:15 +0000 2014""#)
    }

    @Test("an offset with a colon (xxx): a local time written back in its own offset, from a dictionary and JSON")
    func offsetsWithColons() throws {
        struct Push: Mappable {
            var pushedAt = Date(timeIntervalSince1970: 0)
            static let mappingConfiguration = MappingConfiguration(for: Push.self) { map in
                map.map(\.pushedAt, to: "pushed_at", using: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", secondsFromGMT: -14_400))
            }
        }
        let push = try mapped(Push.self, ["pushed_at": "2021-03-30T16:09:00.000-04:00"])
        #expect(push.pushedAt == date("2021-03-30T20:09:00Z"))
        #expect(try push.dictionaryRepresentation()["pushed_at"] as? String == "2021-03-30T16:09:00.000-04:00")
        #expect(String(decoding: try push.jsonData(), as: UTF8.self) == #"{"pushed_at":"2021-03-30T16:09:00.000-04:00"}"#)
        #expect(try Push(json: #"{"pushed_at": "2021-03-30T20:09:00.000+00:00"}"#).pushedAt == push.pushedAt)
        #expect(mappingError { _ = try mapped(Push.self, ["pushed_at": "2021-03-30T16:09:00-04:00"]) }?.description
            == #"pushed_at: expected Date as yyyy-MM-dd'T'HH:mm:ss.SSSxxx, found String "2021-03-30T16:09:00-04:00""#)
    }

    @Test("JSON dates are parsed where their bytes stand: escaped text, whole and fractional epochs read as the dictionary reads them")
    func datesFromJSONBytes() throws {
        // An escape makes the text differ from its bytes: read as a string first, the same date.
        let escaped = try Dates(json: #"{"iso": "2014\u002d02-13T09:30:00Z", "seconds": 1392249600.5, "milliseconds": 1392249600250}"#)
        #expect(escaped.iso == date("2014-02-13T09:30:00Z"))
        #expect(escaped.seconds == date("2014-02-13T00:00:00.5Z"))
        #expect(escaped.milliseconds == date("2014-02-13T00:00:00.250Z"))
        // An integer past 2^53 units leaves the integer path for exact decimal arithmetic.
        let far = try mapped(Dates.self, ["milliseconds": 9_007_199_254_740_993])
        #expect(far.milliseconds == Date(timeIntervalSince1970: 9_007_199_254_740.993))
        #expect(mappingError { _ = try mapped(Dates.self, ["iso": "2014-02-30T09:30:00Z"]) }?.description
            == #"iso: expected Date in ISO 8601, found String "2014-02-30T09:30:00Z""#)
        #expect(mappingError { _ = try Dates(json: #"{"iso": "2014-02-30T09:30:00\u005a"}"#) }?.description
            == #"iso: expected Date in ISO 8601, found String "2014-02-30T09:30:00Z""#)
    }

    @Test("a pattern without seconds writes exactly the dates on its finest field, in its own offset")
    func coarsePatterns() throws {
        struct Hours: Mappable {
            var hour = Date(timeIntervalSince1970: 0)
            var day = Date(timeIntervalSince1970: 0)
            static let mappingConfiguration = MappingConfiguration(for: Hours.self) { map in
                map.map(\.hour, using: .date(format: "yyyy-MM-dd HH", secondsFromGMT: -3_600))
                map.map(\.day, using: .iso8601Date)
            }
        }
        let exact = Hours(hour: date("2014-02-13T10:00:00Z"), day: date("2014-02-13T00:00:00Z"))
        #expect(String(decoding: try exact.jsonData(options: .sortedKeys), as: UTF8.self) == #"{"day":"2014-02-13","hour":"2014-02-13 09"}"#)
        #expect(Plain(try exact.dictionaryRepresentation()["hour"] as Any) == .string("2014-02-13 09"))
        let halfPast = Hours(hour: date("2014-02-13T10:30:00Z"), day: date("2014-02-13T00:00:00Z"))
        #expect(mappingError { _ = try halfPast.jsonData() }?.description
            == "hour: expected Date as yyyy-MM-dd HH without loss of precision, found Date 2014-02-13T10:30:00Z")
        let noon = Hours(hour: date("2014-02-13T10:00:00Z"), day: date("2014-02-13T12:00:00Z"))
        #expect(mappingError { _ = try noon.dictionaryRepresentation() }?.description
            == "day: expected Date as yyyy-MM-dd without loss of precision, found Date 2014-02-13T12:00:00Z")
    }

    @Test("dates no calendar text can hold are an error when written, never a trap")
    func unrepresentableDates() {
        let far = Dates(iso: Date(timeIntervalSince1970: 1e300), day: Date(timeIntervalSince1970: -.infinity))
        #expect(mappingError { _ = try far.dictionaryRepresentation() }?.description == """
            2 problems:
              iso: expected a date within three million years of 1970, found Date 1e+300 seconds from 1970
              day: expected a date within three million years of 1970, found Date -inf seconds from 1970
            """)
    }

    @Test("Decimal is exact from text and from JSON numbers; base64 data and Codable leaves map both ways")
    func values() throws {
        let values = try mapped(Values.self, jsonDictionary(#"""
            {"price": 19.99, "payload": "aGVsbG8=", "location": {"lat": 59.9, "lng": 10.75}}
            """#))
        #expect(values.price == Decimal(string: "19.99"))
        #expect(values.payload == Data("hello".utf8))
        #expect(values.location == Location(lat: 59.9, lng: 10.75))
        #expect(try mapped(Values.self, ["price": "12345678901234567890.123456789"]).price
            == Decimal(string: "12345678901234567890.123456789"))
        #expect(try mapped(Values.self, ["price": 7]).price == 7)
        let back = try values.dictionaryRepresentation()
        #expect(back["price"] as? Decimal == Decimal(string: "19.99"))
        #expect(back["payload"] as? String == "aGVsbG8=")
        #expect(Plain(back["location"] as Any) == .object(["lat": .double(59.9), "lng": .double(10.75)]))
        let data = try JSONSerialization.data(withJSONObject: back, options: [.sortedKeys])
        #expect(String(decoding: data, as: UTF8.self) == #"{"location":{"lat":59.9,"lng":10.75},"payload":"aGVsbG8=","price":19.99}"#)
    }

    @Test("Decimal, base64 and Codable errors", arguments: [
        (#"{"price": "1.5x"}"#, #"price: expected Decimal, found String "1.5x""#),
        (#"{"price": true}"#, "price: expected Decimal, found Bool true"),
        (#"{"price": "-"}"#, #"price: expected Decimal, found String "-""#),
        (#"{"payload": "***"}"#, #"payload: expected base64 data, found String "***""#),
        (#"{"location": {"lat": "north"}}"#, "location: expected Location (Codable), found Dictionary of 1 key"),
    ])
    func valueErrors(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Values.self, input) }?.description == message)
    }

    @Test("a value JSONSerialization cannot hold is refused by the Codable adapter, not raised")
    func codableRefusesForeignValues() {
        #expect(mappingError { _ = try mapped(Values.self, ["location": Date()]) }?.description
            == "location: expected Location (Codable), found Date")
    }
}

private struct Ledger: Mappable, Equatable {
    var amount: Decimal = 0
    var shares: [Decimal] = []

    static let mappingConfiguration = MappingConfiguration(for: Ledger.self) { map in
        let negated = Adapter<Decimal>("negated", from: Decimal.self) { -$0 } encode: { -$0 }
        map.map(\.amount, using: negated)
        map.map(\.shares, using: negated)
    }
}

@Suite("Adapters over a typed input read it as a property of that type does, in every format")
struct TypedAdapterInputTests {
    @Test("from JSON, a Decimal input is read from the digits as written (it went through a Double: 1.000000000000000001 became 1)")
    func decimalDigits() throws {
        let ledger = try Ledger(json: #"{"amount": 1.000000000000000001, "shares": [0.1, 123456789012345678.9]}"#)
        let expected = Ledger(amount: -Decimal(string: "1.000000000000000001")!,
                              shares: [-Decimal(string: "0.1")!, -Decimal(string: "123456789012345678.9")!])
        #expect(ledger == expected)
        #expect(try Ledger(dictionary: ledger.dictionaryRepresentation()) == expected)
        #expect(String(decoding: try ledger.jsonData(options: .sortedKeys), as: UTF8.self)
            == #"{"amount":1.000000000000000001,"shares":[0.1,123456789012345678.9]}"#)
    }

    @Test("what the typed input refuses is its own error, from JSON as from a dictionary")
    func errors() throws {
        let message = #"amount: expected Decimal, found String "x""#
        #expect(mappingError { _ = try Ledger(json: #"{"amount": "x"}"#) }?.description == message)
        #expect(mappingError { _ = try Ledger(dictionary: ["amount": "x"]) }?.description == message)
    }
}
