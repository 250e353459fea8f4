import Foundation

/// `Date` as text: `.iso8601` (and `.iso8601(assumingSecondsFromGMT:)`), `.iso8601Date` and
/// `.date(format:)`. The text is read and written byte by byte (``DateText``, ``DatePattern``,
/// ``CivilTime``), never through Foundation's calendars or formatters; a format that has the
/// text's bytes where they stand (a JSON string without escapes) hands them to
/// ``date(utf8:found:)`` with no `String` made.
struct DateTextCodec: ValueCodec {
    /// The pattern, or `nil` for ISO 8601 (a stored property, not an enum's payload, so that
    /// using it copies nothing).
    let pattern: DatePattern?
    /// ISO 8601's zone for a time without one (`nil`: such a time is an error).
    let assumedOffset: Int?
    /// How a date a pattern cannot hold exactly is rounded (`nil`: an error, unless `.lenient`).
    let rounding: FloatingPointRoundingRule?
    let mode: CoercionMode

    /// `.iso8601`, or `.iso8601(assumingSecondsFromGMT:)`.
    static func iso8601(assumedOffset: Int?, mode: CoercionMode) -> Self {
        Self(pattern: nil, assumedOffset: assumedOffset, rounding: nil, mode: mode)
    }

    /// `.iso8601Date`, `.date(format:)`.
    static func pattern(_ pattern: DatePattern, rounding: FloatingPointRoundingRule?, mode: CoercionMode) -> Self {
        Self(pattern: pattern, assumedOffset: nil, rounding: rounding, mode: mode)
    }

    var valueShape: ValueShape { .string }

    func decode(_ input: Any, in context: MappingContext) throws -> Date {
        if let date = NativeValue.date(input) { return date }
        var text = try StringCodec(mode: mode).decode(input, in: context)
        return try text.withUTF8 { try date(utf8: $0, found: input) }
    }

    /// The date the text's UTF-8 bytes hold, or the error that names `found` (the value as the
    /// input had it).
    func date(utf8 bytes: UnsafeBufferPointer<UInt8>, found: @autoclosure () -> Any) throws -> Date {
        if let pattern {
            guard let date = pattern.parse(utf8: bytes) else {
                throw MappingError(.mismatch(expected: "Date as \(pattern.text)", found: ValueDescription.describe(found())))
            }
            return date
        }
        if let date = DateText.parseISO8601(utf8: bytes, dateOnly: mode == .lenient, assumedOffset: assumedOffset) { return date }
        if mode != .lenient, DateText.parseISO8601(utf8: bytes, dateOnly: true, assumedOffset: assumedOffset) != nil {
            let expected = "Date in ISO 8601 with a time (a date alone maps with .iso8601Date)"
            throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(found())))
        }
        if assumedOffset == nil, DateText.parseISO8601(utf8: bytes, dateOnly: false, assumedOffset: 0) != nil {
            let expected = "Date in ISO 8601 with a time zone (a local time maps with .iso8601(assumingSecondsFromGMT:))"
            throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(found())))
        }
        throw MappingError(.mismatch(expected: "Date in ISO 8601", found: ValueDescription.describe(found())))
    }

    func encode(_ value: Date, in context: MappingContext) throws -> Any? {
        if context.style.keepsDatesAndDataNative { return value }
        return try text(of: value)
    }

    /// The date's text in this form: exact, or rounded (``rounding``, or `.lenient`), or an error naming the date.
    func text(of date: Date) throws -> String {
        guard let pattern else { return try DateText.formatISO8601(date, rounding: lenientRounding) }
        return try pattern.format(date, rounding: rounding ?? lenientRounding)
    }

    /// ``text(of:)`` as UTF-8 bytes from a temporary buffer, for a format that copies them.
    func withUTF8<Result>(of date: Date, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        guard let pattern else { return try DateText.withISO8601UTF8(of: date, rounding: lenientRounding, body) }
        return try pattern.withUTF8(of: date, rounding: rounding ?? lenientRounding, body)
    }

    private var lenientRounding: FloatingPointRoundingRule? {
        mode == .lenient ? .toNearestOrAwayFromZero : nil
    }
}

// MARK: JSON bytes

extension DateTextCodec {
    /// A string without escapes is parsed where its bytes stand in the input: no `String` is
    /// made for a date that reads. Anything else is read as the native value would be.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Date {
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") {
            let string = try reader.scanString()
            if !string.isEscaped {
                return try date(utf8: reader.bytes(string.start, string.end), found: reader.text(of: string))
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    /// The date's text written as a string, as ``encode(_:in:)`` gives it, from its bytes.
    func encodeJSON(at value: UnsafePointer<Date>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        guard !context.style.keepsDatesAndDataNative else {
            guard let plain = try encode(value.pointee, in: context) else { return false }
            try writer.writeAny(plain)
            return true
        }
        try withUTF8(of: value.pointee) { writer.writeString(utf8: $0) }
        return true
    }
}

// MARK: JSON Schema

extension DateTextCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        guard let pattern else {
            // Not `format: date-time` (RFC 3339): the reader takes more ISO 8601 spellings (a
            // space for the `T`, no seconds, `+0100`, a comma), which that format refuses. A
            // time without a zone is read only under an assumed offset.
            let description = assumedOffset != nil ? "ISO 8601 date and time; without a zone, in the assumed offset" : "ISO 8601 date and time"
            return ["type": "string", "pattern": DateFieldPattern.iso8601(zoneOptional: assumedOffset != nil), "description": description]
        }
        // RFC 3339's `full-date` checks the calendar too, where format checking is on; the
        // pattern holds without it.
        if pattern.exactResolution == 86_400, pattern.text == "yyyy-MM-dd" {
            return ["type": "string", "format": "date", "pattern": pattern.regularExpression]
        }
        return ["type": "string", "pattern": pattern.regularExpression, "description": "a date as \(pattern.text)"]
    }
}
