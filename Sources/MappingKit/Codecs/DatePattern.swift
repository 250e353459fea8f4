import Foundation

/// A fixed date pattern such as `yyyy-MM-dd` or `yyyy-MM-dd'T'HH:mm:ss.SSS`, compiled once.
///
/// Fields: `yyyy` year, `MM` month, `MMM` month name (`Jan`), `dd` day, `EEE` weekday name
/// (`Sun`), `HH` hour (00–23), `mm` minute, `ss` second, `SSS` milliseconds, `Z` (or `ZZ`,
/// `ZZZ`) zone offset (`+0000`). Quoting follows Unicode TR35 as `DateFormatter` does: text
/// between single quotes is literal (`'T'`), and `''` is one quote. Every other character that
/// is not an ASCII letter must appear as it is; any other run of letters is a mistake
/// (``problem``), reported when the configuration that uses the pattern is compiled.
struct DatePattern: Sendable {
    enum Token: Sendable, Equatable {
        case year, month, monthName, day, weekdayName, hour, minute, second, millisecond, zone
        /// An offset written with a colon, `-04:00` (TR35's `xxx`, RFC 3339's form).
        case zoneWithColon
        case literal(UInt8)

        var width: Int {
            switch self {
            case .year: 4
            case .millisecond, .monthName, .weekdayName: 3
            case .zone: 5
            case .zoneWithColon: 6
            case .literal: 1
            default: 2
            }
        }
    }

    let text: String
    let tokens: [Token]
    /// Seconds east of UTC that dates are written in.
    let offset: Int
    /// Fraction digits the pattern writes: 3 with `SSS`, otherwise none.
    let fractionDigits: Int
    /// Whether the pattern has a year, month, day, hour, minute and second: then every whole
    /// second it writes reads back as itself.
    let writesWholeSeconds: Bool
    /// Seconds in the finest field of a pattern that has a year, month and day and every field
    /// from the day down to that one, and no fraction (86,400 for `yyyy-MM-dd`, 3,600 with `HH`,
    /// 60 with `HH:mm`): exactly the dates on that field's boundaries (in the pattern's offset)
    /// read back as themselves. `nil` for other patterns, whose dates are checked by reading
    /// their text back.
    let exactResolution: Int?
    /// The longest text ``format(whole:fraction:)`` can write (years past 9999 take more
    /// digits): the temporary buffer of every date written.
    let maximumLength: Int

    /// What is wrong with the pattern's text, when something is: a letter run that is not a
    /// field, or a quote never closed. (A pattern with a problem matches no text.)
    let problem: String?

    /// The fields, by letter and run length.
    private static let fields: [String: Token] = [
        "yyyy": .year, "MMM": .monthName, "MM": .month, "dd": .day, "EEE": .weekdayName, "HH": .hour,
        "mm": .minute, "ss": .second, "SSS": .millisecond, "Z": .zone, "ZZ": .zone, "ZZZ": .zone,
        "xxx": .zoneWithColon,
    ]

    init(_ text: String, offset: Int) {
        self.text = text
        self.offset = offset
        var tokens: [Token] = []
        var problem: String?
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // `''` is a quote; otherwise literal text up to the closing quote, where `''` is a quote too.
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    tokens.append(.literal(UInt8(ascii: "'")))
                    index += 2
                    continue
                }
                index += 1
                var closed = false
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            tokens.append(.literal(UInt8(ascii: "'")))
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    tokens.append(contentsOf: String(characters[index]).utf8.map(Token.literal))
                    index += 1
                }
                if !closed, problem == nil { problem = "the date pattern \"\(text)\" has a quote that is never closed" }
            } else if character.isASCII, character.isLetter {
                var end = index
                while end < characters.count, characters[end] == character { end += 1 }
                let run = String(characters[index..<end])
                if let token = Self.fields[run] {
                    tokens.append(token)
                } else if problem == nil {
                    problem = """
                        the date pattern "\(text)" has "\(run)", which is not a field MappingKit reads: use yyyy, MM, MMM, dd, EEE, \
                        HH, mm, ss, SSS, Z and xxx, and quote literal text ('T')
                        """
                }
                index = end
            } else {
                tokens.append(contentsOf: String(character).utf8.map(Token.literal))
                index += 1
            }
        }
        self.problem = problem
        self.tokens = problem == nil ? tokens : []
        fractionDigits = tokens.contains(.millisecond) ? 3 : 0
        let hasDay = tokens.contains(.year) && (tokens.contains(.month) || tokens.contains(.monthName)) && tokens.contains(.day)
        writesWholeSeconds = hasDay && tokens.contains(.hour) && tokens.contains(.minute) && tokens.contains(.second)
        exactResolution = if !hasDay || fractionDigits > 0 || tokens.contains(.second) { nil }
            else if tokens.contains(.minute) { tokens.contains(.hour) ? 60 : nil }
            else if tokens.contains(.hour) { 3_600 }
            else { 86_400 }
        maximumLength = self.tokens.reduce(0) { $0 + ($1 == .year ? 12 : $1.width) }
    }

    /// The date, or `nil` when `string` does not match or names no real date.
    func parse(_ string: String) -> Date? {
        var string = string
        return string.withUTF8 { parse(utf8: $0) }
    }

    /// ``parse(_:)`` on the text's UTF-8 bytes (a JSON string's, where they stand in the input).
    func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard problem == nil else { return nil }
        var reader = ByteReader(bytes: bytes)
        var time = CivilTime()
        time.offset = offset
        for token in tokens {
            switch token {
            case .literal(let byte):
                guard !reader.isAtEnd, reader.bytes[reader.index] == byte else { return nil }
                reader.index += 1
                continue
            case .monthName:
                guard let month = reader.name(among: Self.monthKeys) else { return nil }
                time.month = month + 1
                continue
            case .weekdayName:
                guard reader.name(among: Self.weekdayKeys) != nil else { return nil }
                continue
            case .zone, .zoneWithColon:
                guard let offset = reader.zoneOffset() else { return nil }
                time.offset = offset
                continue
            default:
                break
            }
            guard let value = reader.digits(token.width) else { return nil }
            switch token {
            case .year: time.year = value
            case .month: time.month = value
            case .day: time.day = value
            case .hour: time.hour = value
            case .minute: time.minute = value
            case .second: time.second = value
            case .millisecond: time.fraction = DecimalFraction(digits: UInt64(value), count: 3)
            case .literal, .monthName, .weekdayName, .zone, .zoneWithColon: break
            }
        }
        guard reader.isAtEnd, let whole = time.wholeSecondsSince1970, isWritable(whole) else { return nil }
        return time.date
    }

    /// `true` when `seconds` is written with a four-digit year in this pattern's offset, so what
    /// is read can be written back and read again (a leap second on 9999-12-31 cannot).
    func isWritable(_ whole: Int) -> Bool {
        CivilTime.writableYears.contains(CivilTime(wholeSecondsSince1970: whole + offset).year)
    }

    /// Seconds its finest whole field counts (1 with `ss`, 86,400 with only a day); `nil`
    /// when it has no day.
    var resolution: Int? {
        let fields: [(Token, Int)] = [(.second, 1), (.minute, 60), (.hour, 3_600), (.day, 86_400)]
        return fields.first { tokens.contains($0.0) }?.1
    }

    /// `date` in this pattern, when the text reads back as `date`; otherwise rounded by
    /// `rounding` to the pattern's finest field, or an error when there is no rounding.
    func format(_ date: Date, rounding: FloatingPointRoundingRule?) throws -> String {
        let (whole, fraction) = try fields(of: date, rounding: rounding)
        return try format(whole: whole, fraction: fraction)
    }

    /// ``format(_:rounding:)``'s text as UTF-8 bytes, handed to `body` from a temporary buffer:
    /// no `String` is made (the JSON writer copies them into its output).
    func withUTF8<Result>(of date: Date, rounding: FloatingPointRoundingRule?, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let (whole, fraction) = try fields(of: date, rounding: rounding)
        return try withUTF8(whole: whole, fraction: fraction, body)
    }

    /// The whole seconds since 1970 and the fraction that `date` is written with: exactly,
    /// when a text reads back as `date`; otherwise rounded by `rounding` to the pattern's
    /// finest field, or an error when there is no rounding.
    func fields(of date: Date, rounding: FloatingPointRoundingRule?) throws -> (whole: Int, fraction: DecimalFraction) {
        try DateText.checkRepresentable(date)
        if let (whole, fraction) = DateSplit.exact(date, maximumDigits: fractionDigits) {
            // A pattern with every field down to the second writes the whole seconds exactly;
            // one without (a date alone) is checked by reading its text back.
            if writesWholeSeconds { return (whole, fraction) }
            if let exactResolution {
                let local = whole + offset
                if local % exactResolution == 0 { return (whole, fraction) }
            } else if try withUTF8(whole: whole, fraction: fraction, { parse(utf8: $0) }) == date { return (whole, fraction) }
        }
        let inexact = MappingError(.inexact(expected: "Date as \(text)", found: DateText.describe(date)))
        guard let rounding else { throw inexact }
        if fractionDigits > 0, let (whole, fraction) = DateSplit.rounded(date, digits: fractionDigits, rule: rounding) {
            return (whole, fraction)
        }
        guard let resolution else { throw inexact }
        // Rounded in the pattern's own zone, where its days begin.
        let local = date.timeIntervalSinceReferenceDate + Double(CivilTime.referenceOffset + offset)
        let units = (local / Double(resolution)).rounded(rounding)
        return (Int(units) * resolution - offset, DecimalFraction())
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthKeys = NameKeys(monthNames)
    static let weekdayKeys = NameKeys(weekdayNames)

    func format(whole: Int, fraction: DecimalFraction) throws -> String {
        // Written straight into the string's storage: one allocation per date.
        try OlderReleases.string(capacity: maximumLength) { buffer in
            var writer = ByteWriter(buffer: buffer)
            try write(whole: whole, fraction: fraction, into: &writer)
            return writer.count
        }
    }

    /// The text of `whole` seconds since 1970 and `fraction`, as UTF-8 bytes from a temporary
    /// buffer.
    func withUTF8<Result>(whole: Int, fraction: DecimalFraction, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            var writer = ByteWriter(buffer: buffer)
            try write(whole: whole, fraction: fraction, into: &writer)
            return try body(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// Writes the fields of `whole` seconds since 1970 and `fraction`; an error for a year
    /// past four digits.
    func write(whole: Int, fraction: DecimalFraction, into writer: inout ByteWriter) throws {
        let time = CivilTime(wholeSecondsSince1970: whole + offset)
        guard CivilTime.writableYears.contains(time.year) else {
            throw MappingError(.outOfRange(
                expected: "Date as \(text)",
                range: "years 0000...9999",
                found: "Date in the year \(time.year)"
            ))
        }
        for token in tokens {
            switch token {
            case .year: writer.digits(time.year, width: 4)
            case .month: writer.digits(time.month, width: 2)
            case .day: writer.digits(time.day, width: 2)
            case .hour: writer.digits(time.hour, width: 2)
            case .minute: writer.digits(time.minute, width: 2)
            case .second: writer.digits(time.second, width: 2)
            case .millisecond: writer.digits(Int(fraction.digits(padded: 3)), width: 3)
            // Names from constant text: an element of ``monthNames`` would retain the array.
            case .monthName: writer.threeLetters(time.month - 1, of: "JanFebMarAprMayJunJulAugSepOctNovDec")
            case .weekdayName: writer.threeLetters(time.weekday, of: "SunMonTueWedThuFriSat")
            case .zone, .zoneWithColon:
                let minutes = abs(offset) / 60
                writer.byte(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                writer.digits(minutes / 60, width: 2)
                if token == .zoneWithColon { writer.byte(UInt8(ascii: ":")) }
                writer.digits(minutes % 60, width: 2)
            case .literal(let byte): writer.byte(byte)
            }
        }
    }

}

// MARK: JSON Schema

extension DatePattern {
    /// An ECMA 262 regular expression (JSON Schema's dialect) for the texts the pattern reads:
    /// each field's digits or names, literal text escaped.
    var regularExpression: String {
        var expression = "^"
        for (index, token) in tokens.enumerated() {
            switch token {
            case .year: expression += "[0-9]{4}"
            case .millisecond: expression += "[0-9]{3}"
            case .month: expression += DateFieldPattern.month
            case .day: expression += DateFieldPattern.day
            case .hour: expression += DateFieldPattern.hour
            case .minute: expression += DateFieldPattern.minute
            case .second: expression += DateFieldPattern.second
            case .monthName: expression += "(" + Self.monthNames.joined(separator: "|") + ")"
            case .weekdayName: expression += "(" + Self.weekdayNames.joined(separator: "|") + ")"
            case .zone, .zoneWithColon:
                // An offset, or `Z`; nothing at all at the end of the text.
                expression += DateFieldPattern.zone + (index == tokens.count - 1 ? "?" : "")
            case .literal(let byte):
                let character = Character(Unicode.Scalar(byte))
                // ECMA-262's syntax characters only: with the `u` flag, `\-` is an error.
                expression += "\\^$.|?*+()[]{}/".contains(character) ? "\\\(character)" : String(character)
            }
        }
        return expression + "$"
    }
}

/// Each field of a date's text as a regular expression, with the range the reader takes
/// (``CivilTime``, ``ByteReader/zoneOffset()``): what a schema's `pattern` says of it. A day
/// past its month's end (February 30th) matches: a pattern cannot follow the calendar, and the
/// reader refuses it.
enum DateFieldPattern {
    static let month = "(0[1-9]|1[0-2])"
    static let day = "(0[1-9]|[12][0-9]|3[01])"
    static let hour = "([01][0-9]|2[0-3])"
    static let minute = "[0-5][0-9]"
    /// A leap second's 60 included.
    static let second = "([0-5][0-9]|60)"
    /// `Z`, or an offset of hours and, with or without a colon, minutes.
    static let zone = "([Zz]|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)"

    /// The ISO 8601 date and time `DateText.parseISO8601` reads: `T`, `t` or a space between
    /// date and time, seconds optional, a fraction after `.` or `,`; the zone, unless
    /// `zoneOptional` (an assumed offset).
    static func iso8601(zoneOptional: Bool) -> String {
        "^[0-9]{4}-\(month)-\(day)[Tt ]\(hour):\(minute)(:\(second)([.,][0-9]+)?)?\(zone)\(zoneOptional ? "?" : "")$"
    }
}
