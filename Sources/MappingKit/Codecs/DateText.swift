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
        return text.withUTF8 { bytes -> Date? in
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
    }

    /// `2014-02-13T09:30:00Z`, with the shortest fraction that reads back as the same date
    /// (`…:00.25Z`, `…:00.123456789Z`); under `rounding`, the date rounded to nanoseconds when
    /// no text holds it exactly, otherwise an error.
    static func formatISO8601(_ date: Date, rounding: FloatingPointRoundingRule?) throws -> String {
        try checkRepresentable(date)
        if let (whole, fraction) = DateSplit.exact(date, maximumDigits: maximumFractionDigits) {
            return try iso8601(whole: whole, fraction: fraction)
        }
        guard let rounding, let (whole, fraction) = DateSplit.rounded(date, digits: 9, rule: rounding) else {
            throw MappingError(.inexact(expected: "Date in ISO 8601", found: describe(date)))
        }
        return try iso8601(whole: whole, fraction: fraction)
    }

    private static func iso8601(whole: Int, fraction: DecimalFraction) throws -> String {
        let seconds = try iso8601Seconds.format(whole: whole, fraction: DecimalFraction())
        guard fraction.count > 0 else { return seconds + "Z" }
        var digits = String(fraction.digits)
        digits = String(repeating: "0", count: fraction.count - digits.count) + digits
        return seconds + "." + digits + "Z"
    }

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

    /// The index in `names` of the three-letter name at the cursor, any case.
    mutating func name(among names: [String]) -> Int? {
        guard index + 3 <= bytes.count else { return nil }
        // The names are ASCII letters: comparing with the 0x20 bit set ignores case.
        let word = bytes[index..<index + 3].map { $0 | 0x20 }
        guard let found = names.firstIndex(where: { $0.utf8.map { $0 | 0x20 }.elementsEqual(word) }) else { return nil }
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

    mutating func text(_ text: String) {
        for byte in text.utf8 { self.byte(byte) }
    }

    /// `value` in decimal, zero-padded to `width` digits (a sign first when negative).
    mutating func digits(_ value: Int, width: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var divisor: UInt = 1
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
