import Foundation

/// Reads and writes dates as text, byte by byte: ISO 8601 and fixed patterns.
enum DateText {
    /// Seconds from 1970 that calendar arithmetic handles: about three million years either way.
    static let representableRange = -1e14...1e14

    /// The date's seconds since 1970, or an error for a date no calendar text can hold.
    static func representable(_ date: Date) throws -> Double {
        let seconds = date.timeIntervalSince1970
        guard representableRange.contains(seconds) else {
            throw MappingError(.mismatch(expected: "a date within three million years of 1970", found: "Date \(seconds) seconds from 1970"))
        }
        return seconds
    }

    /// `2014-02-13`, `2014-02-13T09:30:00Z`, `…T09:30:00.123+01:00`, `…T09:30:00-0500`,
    /// `…T09:30:00+01`; `t`/`z` and a space for `T` are accepted too. A missing zone is UTC.
    static func parseISO8601(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var reader = ByteReader(bytes: bytes)
            var time = CivilTime()
            guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
                  let day = reader.digits(2) else { return nil }
            (time.year, time.month, time.day) = (year, month, day)
            if reader.isAtEnd { return time.secondsSince1970.flatMap { iso8601Seconds.isWritable($0) ? $0 : nil } }
            guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
                  let hour = reader.digits(2), reader.skip(":"), let minute = reader.digits(2) else { return nil }
            (time.hour, time.minute) = (hour, minute)
            if reader.skip(":") {
                guard let second = reader.digits(2) else { return nil }
                time.second = second
                if reader.skip(".") || reader.skip(",") {
                    guard let fraction = reader.fraction() else { return nil }
                    time.nanosecond = fraction
                }
            }
            guard let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
            time.offset = offset
            guard let seconds = time.secondsSince1970, iso8601Seconds.isWritable(seconds) else { return nil }
            return seconds
        }
    }

    /// `2014-02-13T09:30:00Z`, with `.SSS` when the time has milliseconds.
    static func formatISO8601(_ seconds: Double) throws -> String {
        let wholeSeconds = CivilTime(secondsSince1970: seconds).nanosecond == 0
        return try (wholeSeconds ? iso8601Seconds : iso8601Milliseconds).format(seconds) + "Z"
    }

    private static let iso8601Seconds = DatePattern("yyyy-MM-ddTHH:mm:ss", offset: 0)
    private static let iso8601Milliseconds = DatePattern("yyyy-MM-ddTHH:mm:ss.SSS", offset: 0)


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

    /// One or more digits after a decimal point, as nanoseconds (digits past the ninth dropped).
    mutating func fraction() -> Int? {
        var nanoseconds = 0
        var scale = 100_000_000
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            nanoseconds += Int(bytes[index] - UInt8(ascii: "0")) * scale
            scale /= 10
            index += 1
        }
        return index > start ? nanoseconds : nil
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
