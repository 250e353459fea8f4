public import Foundation

extension Adapter where Value == Date {
    /// ISO 8601 / RFC 3339 date and time: `2014-02-13T09:30:00Z`, with or without fractional
    /// seconds (any number of digits, `.` or `,`) or seconds at all (`2014-02-13T09:30Z`), `T`,
    /// `t` or a space between date and time, in any zone offset (`Z`, `z`, `+01:00`, `-0500`,
    /// `+01`). Written back in UTC with the shortest fraction that reads back as the same
    /// `Date`: `2014-02-13T09:30:00.25Z`.
    ///
    /// A time without a zone (`2014-02-13T09:30:00`) is an error: it is no moment until a zone
    /// is chosen, and MappingKit does not guess one. Map APIs that send local times with
    /// ``iso8601(assumingSecondsFromGMT:)``.
    ///
    /// A date alone (`2014-02-13`) is an error: written back it would gain a time. Map it
    /// with ``iso8601Date``, or under `.lenient`, which reads it as midnight UTC. A `Date` no
    /// text holds exactly (within a second or so of 2001-01-01, a `Date` holds more than 15
    /// fraction digits) is an error to write, except under `.lenient`, which rounds it to the
    /// nanosecond.
    ///
    /// ```swift
    /// map.map(\.updatedAt, to: "updated_at", using: .iso8601)   // "2014-02-13T09:30:00Z"
    /// ```
    public static var iso8601: Adapter<Date> { BuiltInDateAdapters.iso8601 }

    /// ``iso8601``, where a time without a zone (`2017-04-06T16:55:02`, `2017-04-06 16:55`) is
    /// read at the offset you name, in seconds east of UTC: an explicit choice for APIs that
    /// send local times. A time with a zone keeps its own. Written back in UTC, as ``iso8601``
    /// writes, so the same `Date` reads back.
    ///
    /// ```swift
    /// map.map(\.startsAt, to: "start", using: .iso8601(assumingSecondsFromGMT: 3_600))
    /// // "2017-04-06T16:55:02" → 2017-04-06T15:55:02Z
    /// ```
    public static func iso8601(assumingSecondsFromGMT offset: Int) -> Adapter<Date> {
        BuiltInDateAdapters.iso8601(assumedOffset: offset)
    }

    /// An ISO 8601 calendar date alone, `2014-02-13`, at midnight UTC. Writing a `Date` that is
    /// not a midnight UTC is an error: the text would lose its time.
    ///
    /// ```swift
    /// map.map(\.birthday, to: "birthday", using: .iso8601Date)   // "2011-01-26"
    /// ```
    public static var iso8601Date: Adapter<Date> { BuiltInDateAdapters.iso8601Date }

    /// Seconds since 1970 (`1392249600`, `1392249600.5`), read exactly from the number's decimal
    /// digits (never through a `Double` of seconds since 1970, which would round twice); written
    /// back as the shortest number that reads back as the same `Date`, a whole number when it is
    /// one: every finite `Date` is written (one within 10⁻²⁸ s of 2001-01-01 needs more digits
    /// than a `Decimal` holds and is an error).
    ///
    /// ```swift
    /// map.map(\.createdAt, to: "created", using: .unixSeconds)   // 1392249600 ↔ 2014-02-13 00:00:00 +0000
    /// ```
    public static var unixSeconds: Adapter<Date> { BuiltInDateAdapters.unixSeconds }

    /// Milliseconds since 1970 (`1392249600000`), read and written exactly as ``unixSeconds``
    /// reads and writes seconds.
    ///
    /// ```swift
    /// map.map(\.createdAt, to: "created_ms", using: .unixMilliseconds)   // 1392249600000
    /// ```
    public static var unixMilliseconds: Adapter<Date> { BuiltInDateAdapters.unixMilliseconds }

    /// Dates in a fixed pattern, such as `yyyy-MM-dd` or `yyyy/MM/dd HH:mm:ss.SSS`, parsed
    /// without a `DateFormatter`.
    ///
    /// Fields: `yyyy`, `MM`, `MMM` (`Jan`), `dd`, `EEE` (`Sun`), `HH` (00–23), `mm`, `ss`,
    /// `SSS` (milliseconds), `Z` (`+0000`), `xxx` (`+00:00`, RFC 3339's offset). Literal text is quoted as `DateFormatter` quotes it
    /// (Unicode TR35): `yyyy-MM-dd'T'HH:mm:ss`, `''` for a quote; other characters that are not
    /// letters (`-`, `/`, `:`, spaces) appear as they are. Any other letter is a configuration
    /// error, reported when the plan is compiled, before the first input is read. Times are
    /// in UTC unless `secondsFromGMT` (or a `Z` field in the text) says otherwise. Twitter's
    /// dates: `.date(format: "EEE MMM dd HH:mm:ss Z yyyy")`; GitHub's local times, written back
    /// in their own offset: `.date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", secondsFromGMT: -14_400)`.
    ///
    /// Writing a `Date` the pattern cannot hold (a fraction of a second without `SSS`, a time
    /// without `HH:mm:ss`) is an error, unless `rounding` says how to round it to the pattern
    /// (or the configuration is `.lenient`, which rounds to the nearest).
    ///
    /// ```swift
    /// map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
    /// map.map(\.postedAt, to: "created_at", using: .date(format: "EEE MMM dd HH:mm:ss Z yyyy", rounding: .down))
    /// ```
    public static func date(format: String, secondsFromGMT: Int = 0, rounding: FloatingPointRoundingRule? = nil) -> Adapter<Date> {
        let pattern = DatePattern(format, offset: secondsFromGMT)
        let name = rounding.map { "date(\(format), \(secondsFromGMT), \($0))" } ?? "date(\(format), \(secondsFromGMT))"
        return BuiltInDateAdapters.pattern(pattern, name: name, rounding: rounding)
    }
}

/// The built-in date adapters, made once.
enum BuiltInDateAdapters {
    static let iso8601 = iso8601(assumedOffset: nil)

    /// ``Adapter/iso8601``, reading a time without a zone at `assumedOffset` when there is one.
    static func iso8601(assumedOffset: Int?) -> Adapter<Date> {
        let name = assumedOffset.map { "iso8601(assumingSecondsFromGMT: \($0))" } ?? "iso8601"
        return Adapter(name: name, builtIn: true) { mode in
            Codec.erasing(DateTextCodec.iso8601(assumedOffset: assumedOffset, mode: mode))
        }
    }

    static let iso8601Date = pattern(DatePattern("yyyy-MM-dd", offset: 0), name: "iso8601Date", rounding: nil)

    static func pattern(_ pattern: DatePattern, name: String, rounding: FloatingPointRoundingRule?) -> Adapter<Date> {
        var adapter = Adapter(name: name, builtIn: true) { mode in
            Codec.erasing(DateTextCodec.pattern(pattern, rounding: rounding, mode: mode))
        }
        adapter.problem = pattern.problem
        return adapter
    }

    static let unixSeconds = epoch(name: "unixSeconds", unitDigits: 0)
    static let unixMilliseconds = epoch(name: "unixMilliseconds", unitDigits: 3)

    /// Seconds (`unitDigits` 0) or milliseconds (3) since 1970, exactly (``EpochDateCodec``).
    private static func epoch(name: String, unitDigits: Int) -> Adapter<Date> {
        Adapter(name: name, builtIn: true) { mode in Codec.erasing(EpochDateCodec(name: name, unitDigits: unitDigits, mode: mode)) }
    }
}
