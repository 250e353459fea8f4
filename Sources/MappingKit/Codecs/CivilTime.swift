/// Calendar arithmetic for the proleptic Gregorian calendar in UTC, without Foundation's
/// calendars (Howard Hinnant's days-from-civil algorithms).
struct CivilTime: Equatable {
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0
    /// Seconds east of UTC that the written time is in.
    var offset = 0

    /// The years a four-digit pattern writes; dates outside them are neither read nor written.
    static let writableYears = 0...9999

    /// `nil` when a field is out of range (month 13, February 30th, hour 24…).
    var secondsSince1970: Double? {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Double(seconds) + Double(nanosecond) / 1e9
    }

    /// The UTC time `seconds` after 1970-01-01T00:00:00Z, to the millisecond.
    init(secondsSince1970 seconds: Double) {
        let milliseconds = (seconds * 1_000).rounded()
        let wholeSeconds = Int((milliseconds / 1_000).rounded(.down))
        let days = Int((Double(wholeSeconds) / 86_400).rounded(.down))
        let secondOfDay = wholeSeconds - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
        nanosecond = Int(milliseconds - Double(wholeSeconds) * 1_000) * 1_000_000
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
