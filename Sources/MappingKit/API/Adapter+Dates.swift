public import Foundation

extension Adapter where Value == Date {
    /// ISO 8601 / RFC 3339 text: `2014-02-13`, `2014-02-13T09:30:00Z`, with or without
    /// fractional seconds, in any zone offset (`Z`, `+01:00`, `-0500`). Written back in UTC,
    /// with milliseconds when there are any: `2014-02-13T09:30:00.250Z`.
    ///
    /// ```swift
    /// map.map(\.updatedAt, to: "updated_at", using: .iso8601)   // "2014-02-13T09:30:00Z"
    /// ```
    public static var iso8601: Adapter<Date> { BuiltInDateAdapters.iso8601 }

    /// Seconds since 1970 (`1392249600`, `1392249600.5`); written back as a whole number when
    /// it is one.
    ///
    /// ```swift
    /// map.map(\.createdAt, to: "created", using: .unixSeconds)   // 1392249600 ↔ 2014-02-13 00:00:00 +0000
    /// ```
    public static var unixSeconds: Adapter<Date> { BuiltInDateAdapters.unixSeconds }

    /// Milliseconds since 1970 (`1392249600000`); written back as a whole number.
    ///
    /// ```swift
    /// map.map(\.createdAt, to: "created_ms", using: .unixMilliseconds)   // 1392249600000
    /// ```
    public static var unixMilliseconds: Adapter<Date> { BuiltInDateAdapters.unixMilliseconds }

    /// Dates in a fixed pattern, such as `yyyy-MM-dd` or `yyyy/MM/dd HH:mm:ss.SSS`, parsed
    /// without a `DateFormatter`.
    ///
    /// Fields: `yyyy`, `MM`, `MMM` (`Jan`), `dd`, `EEE` (`Sun`), `HH` (00–23), `mm`, `ss`,
    /// `SSS` (milliseconds), `Z` (`+0000`); every other character must appear as it is. Times are
    /// in UTC unless `secondsFromGMT` (or a `Z` field in the text) says otherwise. Twitter's
    /// dates: `.date(format: "EEE MMM dd HH:mm:ss Z yyyy")`.
    ///
    /// ```swift
    /// map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
    /// ```
    public static func date(format: String, secondsFromGMT: Int = 0) -> Adapter<Date> {
        let pattern = DatePattern(format, offset: secondsFromGMT)
        let expected = "Date as \(format)"
        return Adapter(name: "date(\(format), \(secondsFromGMT))", builtIn: true, shape: .string, decode: { input, context, mode in
            if let date = NativeValue.date(input) { return date }
            let text = try StringCodec(mode: mode).decode(input, in: context)
            guard let seconds = pattern.parse(text) else {
                throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input)))
            }
            return Date(timeIntervalSince1970: seconds)
        }, encode: { date, context in
            if context.style.keepsDatesAndDataNative { return date }
            return try pattern.format(DateText.representable(date))
        })
    }
}

/// The built-in date adapters, made once.
enum BuiltInDateAdapters {
    static let iso8601 = Adapter<Date>(name: "iso8601", builtIn: true, shape: .string, decode: { input, context, mode in
        if let date = NativeValue.date(input) { return date }
        let text = try StringCodec(mode: mode).decode(input, in: context)
        guard let seconds = DateText.parseISO8601(text) else {
            throw MappingError(.mismatch(expected: "Date in ISO 8601", found: ValueDescription.describe(input)))
        }
        return Date(timeIntervalSince1970: seconds)
    }, encode: { date, context in
        if context.style.keepsDatesAndDataNative { return date }
        return try DateText.formatISO8601(DateText.representable(date))
    })

    static let unixSeconds = epoch(name: "unixSeconds", unitsPerSecond: 1)
    static let unixMilliseconds = epoch(name: "unixMilliseconds", unitsPerSecond: 1_000)

    private static func epoch(name: String, unitsPerSecond: Double) -> Adapter<Date> {
        Adapter(name: name, builtIn: true, shape: .double, decode: { input, context, mode in
            if let date = NativeValue.date(input) { return date }
            let units = try FloatingPointCodec<Double>(mode: mode).decode(input, in: context)
            return Date(timeIntervalSince1970: units / unitsPerSecond)
        }, encode: { date, context in
            if context.style.keepsDatesAndDataNative { return date }
            let units = (date.timeIntervalSince1970 * unitsPerSecond * 1_000).rounded() / 1_000
            if let whole = Int(exactly: units) { return whole }
            return try FloatingPointCodec<Double>().encode(units, in: context) ?? units
        })
    }
}
