import Foundation

/// Reads and writes dates as text, byte by byte: ISO 8601 and fixed patterns.
enum DateText {
    /// Seconds from 1970 that calendar arithmetic handles: about three million years either way.
    static let representableRange = -1e14...1e14

    /// The most fraction digits a date is written with. Every date within the years 0000–9999
    /// needs fewer, except a few within a second or so of 2001-01-01, where a `Date` holds
    /// more digits than any text does.
    static let maximumFractionDigits = DecimalFraction.exactDigits

    /// An error for a date no calendar text can hold.
    static func checkRepresentable(_ date: Date) throws {
        let seconds = date.timeIntervalSince1970
        guard representableRange.contains(seconds) else {
            throw MappingError(.mismatch(expected: "a date within three million years of 1970", found: "Date \(seconds) seconds from 1970"))
        }
    }

    /// A date in an error message: its ISO 8601 text, exact (`Date 2014-02-13T09:30:00.25Z`).
    static func describe(_ date: Date) -> String {
        if let (whole, fraction) = DateSplit.exact(date, maximumDigits: maximumFractionDigits),
           let text = try? iso8601(whole: whole, fraction: fraction) {
            return "Date \(text)"
        }
        return "Date \(date.timeIntervalSinceReferenceDate) seconds from 2001-01-01T00:00:00Z"
    }

    /// `2014-02-13T09:30:00Z`, `…T09:30:00.123+01:00`, `…T09:30:00-0500`, `…T09:30:00+01`;
    /// `t`/`z` and a space for `T` are accepted too, and a time without seconds (`…T09:30Z`).
    /// A time without a zone is not a moment: read only at `assumedOffset` (seconds east of UTC)
    /// when one is given. A date alone (`2014-02-13`) only when `dateOnly` allows it.
    static func parseISO8601(_ text: String, dateOnly: Bool, assumedOffset: Int? = nil) -> Date? {
        var text = text
        return text.withUTF8 { parseISO8601(utf8: $0, dateOnly: dateOnly, assumedOffset: assumedOffset) }
    }

    /// ``parseISO8601(_:dateOnly:assumedOffset:)`` on the text's UTF-8 bytes (a JSON string's,
    /// where they stand in the input).
    static func parseISO8601(utf8 bytes: UnsafeBufferPointer<UInt8>, dateOnly: Bool, assumedOffset: Int?) -> Date? {
        var reader = ByteReader(bytes: bytes)
        var time = CivilTime()
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2) else { return nil }
        (time.year, time.month, time.day) = (year, month, day)
        if reader.isAtEnd {
            guard dateOnly, let whole = time.wholeSecondsSince1970, iso8601Seconds.isWritable(whole) else { return nil }
            return time.date
        }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
              let hour = reader.digits(2), reader.skip(":"), let minute = reader.digits(2) else { return nil }
        (time.hour, time.minute) = (hour, minute)
        if reader.skip(":") {
            guard let second = reader.digits(2) else { return nil }
            time.second = second
            if reader.skip(".") || reader.skip(",") {
                guard let fraction = reader.fraction() else { return nil }
                time.fraction = fraction
            }
        }
        if reader.isAtEnd {
            guard let assumedOffset else { return nil }
            time.offset = assumedOffset
        } else {
            guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
            time.offset = offset
        }
        guard let whole = time.wholeSecondsSince1970, iso8601Seconds.isWritable(whole) else { return nil }
        return time.date
    }

    /// `2014-02-13T09:30:00Z`, with the shortest fraction that reads back as the same date
    /// (`…:00.25Z`, `…:00.123456789Z`); under `rounding`, the date rounded to nanoseconds when
    /// no text holds it exactly, otherwise an error.
    static func formatISO8601(_ date: Date, rounding: FloatingPointRoundingRule?) throws -> String {
        let (whole, fraction) = try iso8601Fields(of: date, rounding: rounding)
        return try iso8601(whole: whole, fraction: fraction)
    }

    /// ``formatISO8601(_:rounding:)``'s text as UTF-8 bytes, handed to `body` from a temporary
    /// buffer: no `String` is made (the JSON writer copies them into its output).
    static func withISO8601UTF8<Result>(of date: Date, rounding: FloatingPointRoundingRule?, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let (whole, fraction) = try iso8601Fields(of: date, rounding: rounding)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: iso8601MaximumLength) { buffer in
            var writer = ByteWriter(buffer: buffer)
            try writeISO8601(whole: whole, fraction: fraction, into: &writer)
            return try body(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// The whole seconds since 1970 and the fraction `date` is written with in ISO 8601.
    private static func iso8601Fields(of date: Date, rounding: FloatingPointRoundingRule?) throws -> (whole: Int, fraction: DecimalFraction) {
        try checkRepresentable(date)
        if let exact = DateSplit.exact(date, maximumDigits: maximumFractionDigits) { return exact }
        guard let rounding, let rounded = DateSplit.rounded(date, digits: 9, rule: rounding) else {
            throw MappingError(.inexact(expected: "Date in ISO 8601", found: describe(date)))
        }
        return rounded
    }

    private static func iso8601(whole: Int, fraction: DecimalFraction) throws -> String {
        try OlderReleases.string(capacity: iso8601MaximumLength) { buffer in
            var writer = ByteWriter(buffer: buffer)
            try writeISO8601(whole: whole, fraction: fraction, into: &writer)
            return writer.count
        }
    }

    /// `2014-02-13T09:30:00`, then the fraction's digits when it has any (`.250`: as many as
    /// it counts), then `Z`.
    private static func writeISO8601(whole: Int, fraction: DecimalFraction, into writer: inout ByteWriter) throws {
        try iso8601Seconds.write(whole: whole, fraction: DecimalFraction(), into: &writer)
        if fraction.count > 0 {
            writer.byte(UInt8(ascii: "."))
            writer.digits(fraction.digits, width: fraction.count)
        }
        writer.byte(UInt8(ascii: "Z"))
    }

    private static let iso8601MaximumLength = iso8601Seconds.maximumLength + 2 + maximumFractionDigits

    private static let iso8601Seconds = DatePattern("yyyy-MM-dd'T'HH:mm:ss", offset: 0)
}

/// A cursor over UTF-8 bytes.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Exactly `count` decimal digits.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// One or more digits after a decimal point, every one of them kept.
    mutating func fraction() -> DecimalFraction? {
        var digits: UInt64 = 0
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if index - start < DecimalFraction.exactDigits { digits = digits * 10 + UInt64(bytes[index] - UInt8(ascii: "0")) }
            index += 1
        }
        let count = index - start
        guard count > 0 else { return nil }
        guard count > DecimalFraction.exactDigits else { return DecimalFraction(digits: digits, count: count) }
        return DecimalFraction(text: Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)))
    }

    /// The index in `keys` (``NameKeys``) of the three-letter name at the cursor, any case.
    mutating func name(among keys: NameKeys) -> Int? {
        guard index + 3 <= bytes.count else { return nil }
        guard let found = keys.keys.firstIndex(of: NameKeys.key(bytes[index], bytes[index + 1], bytes[index + 2])) else { return nil }
        index += 3
        return found
    }

    /// `Z`, `±HH:MM`, `±HHMM`, `±HH`, or nothing (UTC): seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if isAtEnd || skip("Z") || skip("z") { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours <= 23 else { return nil }
        var minutes = 0
        if skip(":") {
            guard let value = digits(2) else { return nil }
            minutes = value
        } else if let value = digits(2) {
            minutes = value
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3_600 + minutes * 60)
    }
}

/// Three-letter names (months, weekdays) as numbers, made once, so that reading one compares
/// a number per name and allocates nothing.
struct NameKeys: Sendable {
    let keys: [UInt32]

    init(_ names: [String]) {
        keys = names.map { name in
            let bytes = Array(name.utf8)
            return bytes.count == 3 ? Self.key(bytes[0], bytes[1], bytes[2]) : 0
        }
    }

    /// The three bytes with the 0x20 bit set (the names are ASCII letters: any case matches).
    static func key(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> UInt32 {
        UInt32(first | 0x20) << 16 | UInt32(second | 0x20) << 8 | UInt32(third | 0x20)
    }
}

/// Writes UTF-8 bytes into a buffer of known size.
struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func byte(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// The `index`th three-letter name of `names`, the names one after another.
    mutating func threeLetters(_ index: Int, of names: StaticString) {
        guard index >= 0, (index + 1) * 3 <= names.utf8CodeUnitCount else { return }
        let start = names.utf8Start + index * 3
        byte(start[0])
        byte(start[1])
        byte(start[2])
    }

    /// `value` in decimal, zero-padded to `width` digits (a sign first when negative).
    mutating func digits(_ value: Int, width: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(UInt64(value.magnitude), width: width)
    }

    /// `value` in decimal, zero-padded to `width` digits.
    mutating func digits(_ value: UInt64, width: Int) {
        // A date's fields: divisions by constants, which compile to multiplications.
        if width == 2, value < 100 {
            byte(UInt8(ascii: "0") + UInt8(value / 10))
            byte(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        if width == 4, value < 10_000 {
            byte(UInt8(ascii: "0") + UInt8(value / 1_000))
            byte(UInt8(ascii: "0") + UInt8(value / 100 % 10))
            byte(UInt8(ascii: "0") + UInt8(value / 10 % 10))
            byte(UInt8(ascii: "0") + UInt8(value % 10))
            return
        }
        var remaining = value
        var divisor: UInt64 = 1
        var digits = 1
        while divisor <= remaining / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { byte(UInt8(ascii: "0")) }
        while divisor > 0 {
            byte(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }
}
