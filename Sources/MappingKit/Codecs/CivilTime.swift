import Foundation

/// Calendar arithmetic for the proleptic Gregorian calendar in UTC, without Foundation's
/// calendars (Howard Hinnant's days-from-civil algorithms).

struct CivilTime: Equatable {
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    /// The decimal fraction of the second, as written.
    var fraction = DecimalFraction()
    /// Seconds east of UTC that the written time is in.
    var offset = 0

    /// The years a four-digit pattern writes; dates outside them are neither read nor written.
    static let writableYears = 0...9999

    /// Seconds from 1970 to 2001, `Date`'s reference date: a date is a `Double` of seconds from
    /// 2001, so arithmetic from 1970 in `Double` would round a second time.
    static let referenceOffset = 978_307_200

    /// Whole seconds since 1970 in UTC, without the fraction; `nil` when a field is out of
    /// range (month 13, February 30th, hour 24…).
    var wholeSecondsSince1970: Int? {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        return days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    }

    /// The date the text names: whole seconds from the reference date (exact) plus the fraction.
    var date: Date? {
        wholeSecondsSince1970.map { Self.date(wholeSecondsSince1970: $0, fraction: fraction) }
    }

    /// How every date reader and writer turns text into a `Date`, so a writer can check that
    /// what it writes reads back.
    static func date(wholeSecondsSince1970 whole: Int, fraction: DecimalFraction) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(whole - referenceOffset) + fraction.value)
    }

    /// The UTC time `whole` seconds after 1970-01-01T00:00:00Z.
    init(wholeSecondsSince1970 whole: Int) {
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
    }

    init() {}

    /// 0 for Sunday through 6 for Saturday (1970-01-01 was a Thursday).
    var weekday: Int {
        let days = Self.days(year: year, month: month, day: day)
        return ((days % 7) + 7 + 4) % 7
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// The digits after a decimal point, kept as written (`250` and 3 for `.250`), and the fraction
/// of a second they are.
struct DecimalFraction: Equatable {
    /// The digits as an integer, when there are at most ``exactDigits`` of them.
    var digits: UInt64 = 0
    var count = 0
    /// The fraction, correctly rounded: `digits / 10^count`, one division of exact operands.
    var value: Double = 0

    /// Digits whose value and power of ten are both exact `Double`s.
    static let exactDigits = 15
    static let powersOfTen: [Double] = (0...exactDigits).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    init() {}

    init(digits: UInt64, count: Int) {
        self.digits = digits
        self.count = count
        value = Double(digits) / Self.powersOfTen[count]
    }

    /// More digits than ``exactDigits``: read as text, correctly rounded.
    init(text digits: Substring) {
        count = digits.count
        value = Double("0." + digits) ?? 0
    }

    /// The first `count` digits written, zero-padded (`.millisecond` writes 3).
    func digits(padded width: Int) -> UInt64 {
        guard count <= width else { return digits / UInt64(Self.powersOfTen[count - width]) }
        return digits * UInt64(Self.powersOfTen[width - count])
    }
}

/// Splits dates into what text holds: whole seconds since 1970 and a decimal fraction.
enum DateSplit {
    /// The shortest fraction of at most `maximumDigits` digits with which `date` reads back
    /// as itself (``CivilTime/date(wholeSecondsSince1970:fraction:)``), or `nil` when none does.
    static func exact(_ date: Date, maximumDigits: Int) -> (whole: Int, fraction: DecimalFraction)? {
        let reference = date.timeIntervalSinceReferenceDate
        guard let (whole, fraction) = parts(of: reference) else { return nil }
        // Whole seconds, the common case: the reference is the whole number itself.
        if fraction == 0 { return (whole, DecimalFraction()) }
        guard maximumDigits > 0 else { return nil }
        for count in 1...min(maximumDigits, DecimalFraction.exactDigits) {
            let scale = DecimalFraction.powersOfTen[count]
            let nearest = (fraction * scale).rounded()
            // The product rounds: the digits that read back are the nearest or a neighbour.
            for step in 0..<3 {
                let candidate = nearest + (step == 0 ? 0 : step == 1 ? -1 : 1)
                guard candidate >= 0 else { continue }
                let (carried, digits) = candidate >= scale ? (whole + 1, candidate - scale) : (whole, candidate)
                guard digits < scale else { continue }
                let written = DecimalFraction(digits: UInt64(digits), count: count)
                if CivilTime.date(wholeSecondsSince1970: carried, fraction: written) == date { return (carried, written) }
            }
        }
        return nil
    }

    /// `date` rounded to `digits` fraction digits with `rule`.
    static func rounded(_ date: Date, digits count: Int, rule: FloatingPointRoundingRule) -> (whole: Int, fraction: DecimalFraction)? {
        guard let (whole, fraction) = parts(of: date.timeIntervalSinceReferenceDate) else { return nil }
        let scale = DecimalFraction.powersOfTen[count]
        let digits = (fraction * scale).rounded(rule)
        let (carried, kept) = digits >= scale ? (whole + 1, digits - scale) : (whole, digits)
        return (carried, DecimalFraction(digits: UInt64(kept), count: count))
    }

    /// Whole seconds since 1970 and the fraction of the second (exact: the whole part and the
    /// value are within a factor of two of each other, or the whole part is zero).
    private static func parts(of reference: Double) -> (whole: Int, fraction: Double)? {
        guard DateText.representableRange.contains(reference) else { return nil }
        let floor = reference.rounded(.down)
        return (Int(floor) + CivilTime.referenceOffset, reference - floor)
    }
}
