import Foundation

/// `Date` as a number of seconds (or milliseconds) since 1970: `.unixSeconds`,
/// `.unixMilliseconds`.
///
/// A `Date` is a `Double` of seconds since 2001, and 1970 is 978,307,200 s before that. Going
/// through a `Double` of seconds since 1970 rounds twice, and for about half of today's dates no
/// `Double` since 1970 reads back as the same `Date` (near 2025 the doubles since 1970 are twice
/// as far apart as those since 2001). So both ways are exact decimal arithmetic:
/// - reading, the number's decimal value (the text of a JSON number, a `Decimal`, an integer,
///   or a `Double`'s shortest text, which is what JSON writers and JSONSerialization give) is
///   turned into seconds since 2001 exactly and rounded once;
/// - writing, the shortest decimal that reads back as the `Date`'s seconds since 2001 is moved
///   to 1970 exactly: an `Int` when whole, a `Double` when its own shortest text is that
///   decimal, otherwise a `Decimal` (exact in a dictionary, in JSON and through JSONSerialization,
///   which reads such numbers as `NSDecimalNumber`s).
///
/// Every finite `Date` is written, except one within about 10⁻²⁸ s of 2001-01-01 whose
/// decimal needs more than a `Decimal`'s 38 digits: an error naming the property.
struct EpochDateCodec: ValueCodec {
    /// `unixSeconds` or `unixMilliseconds`, for messages.
    let name: String
    /// 0 for seconds, 3 for milliseconds: the power of ten of a unit's share of a second.
    let unitDigits: Int
    let mode: CoercionMode

    var valueShape: ValueShape { .decimal }

    private var expected: String { "Date as \(name)" }

    func decode(_ input: Any, in context: MappingContext) throws -> Date {
        if let date = NativeValue.date(input) { return date }
        if let number = NumericInput.read(input) {
            switch number {
            case .signed(let value): return try date(integer: value, found: input)
            case .unsigned(let value): return try date(ExactDecimal(text: "\(value)"), found: input)
            case .wide(let value): return try date(ExactDecimal(text: "\(value)"), found: input)
            case .exact(let value): return try date(ExactDecimal(text: value.text), found: input)
            case .floating(let value) where value.isFinite: return try date(ExactDecimal(text: "\(value)"), found: input)
            case .decimal(let value) where !value.isNaN: return try date(ExactDecimal(text: "\(value)"), found: input)
            case .bool(let value) where mode == .lenient: return try date(integer: value ? 1 : 0, found: input)
            case .floating, .decimal, .bool: break
            }
        } else if mode != .strict, let text = input as? String, NumberText.shape(of: text) != nil {
            context.reportCoercion(of: input, to: "Date")
            return try date(ExactDecimal(text: text), found: input)
        }
        return try mismatch(input, expected: expected, in: context)
    }

    /// The common case, a whole number of units, without decimal arithmetic when it is exact.
    func date(integer: Int64, found input: @autoclosure () -> Any) throws -> Date {
        let offset = Int64(CivilTime.referenceOffset) * (unitDigits == 0 ? 1 : 1_000)
        let (units, overflow) = integer.subtractingReportingOverflow(offset)
        if !overflow, units.magnitude < 1 << 53 {
            return Date(timeIntervalSinceReferenceDate: unitDigits == 0 ? Double(units) : Double(units) / 1_000)
        }
        return try date(ExactDecimal(text: "\(integer)"), found: input())
    }

    func date(_ value: ExactDecimal?, found input: @autoclosure () -> Any) throws -> Date {
        guard let value else { throw MappingError(.mismatch(expected: expected, found: ValueDescription.describe(input()))) }
        let reference = self.reference(of: value)
        guard reference.isFinite else {
            throw MappingError(.outOfRange(expected: expected, range: "a finite Date", found: ValueDescription.describe(input())))
        }
        return Date(timeIntervalSinceReferenceDate: reference)
    }

    func encode(_ value: Date, in context: MappingContext) throws -> Any? {
        if context.style.keepsDatesAndDataNative { return value }
        let reference = value.timeIntervalSinceReferenceDate
        guard reference.isFinite else {
            throw MappingError(.mismatch(expected: "a finite Date", found: "Date \(reference) seconds from 2001"))
        }
        if let units = wholeUnits(of: value) { return units }
        guard let shortest = ExactDecimal(text: "\(reference)") else {
            throw MappingError(.inexact(expected: expected, found: DateText.describe(value)))
        }
        let units = shortest.adding(ExactDecimal(integer: CivilTime.referenceOffset)).scaled(by: unitDigits)
        if units.exponent >= 0, units.digits.count + units.exponent <= 18, let whole = Int(units.integerText) { return whole }
        // The nearest Double, when it reads back as the same Date (its shortest text may be
        // shorter than the exact sum: 1e+300 for 1e300 s after 2001).
        if let double = Double(units.text), double.isFinite, let text = ExactDecimal(text: "\(double)"), readsBack(text, as: reference) {
            return double
        }
        if units.digits.count <= 38, let decimal = Decimal(string: units.text), ExactDecimal(text: "\(decimal)") == units {
            return decimal
        }
        throw MappingError(.inexact(expected: expected, found: DateText.describe(value)))
    }

    /// The date as a whole number of units since 1970, when it is whole seconds (the common
    /// case): integers all the way (milliseconds too, below 2^53 / 1000 s).
    func wholeUnits(of date: Date) -> Int? {
        let reference = date.timeIntervalSinceReferenceDate
        guard reference == reference.rounded(), abs(reference) < 0x1p53 else { return nil }
        let seconds = Int64(reference) + Int64(CivilTime.referenceOffset)
        if unitDigits == 0 { return Int(seconds) }
        let (units, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        return overflow ? nil : Int(units)
    }

    /// Whether `units` read as this adapter reads gives `reference` seconds since 2001.
    private func readsBack(_ units: ExactDecimal, as reference: Double) -> Bool {
        self.reference(of: units) == reference
    }

    /// How every number is read: `units` since 1970 as seconds since 2001, exactly, rounded once.
    private func reference(of units: ExactDecimal) -> Double {
        units.scaled(by: -unitDigits).adding(ExactDecimal(integer: -CivilTime.referenceOffset)).double
    }
}

/// A decimal number held exactly: `digits` (most significant first, no leading or trailing
/// zeros; none for zero) × 10^`exponent`. Just what the epoch adapters need: text in and out,
/// a shift by a power of ten, a sum, and the correctly rounded `Double`.
struct ExactDecimal: Equatable {
    var isNegative = false
    var digits: [UInt8] = []
    var exponent = 0

    /// More significant digits than a `Double` ever needs to round correctly (767 plus a
    /// margin); past them, a single digit stands for the rest (nonzero or not).
    private static let significantDigits = 800
    /// Beyond `Double`'s range whatever the digits: 10^400 and more is infinite, and a value
    /// below 10^-400 added to a whole number of seconds changes nothing but the rounding's
    /// sticky bit, which such a value keeps.
    private static let exponentBound = 1_200

    init() {}

    init(integer: Int) {
        isNegative = integer < 0
        digits = "\(integer.magnitude)".utf8.map { $0 - UInt8(ascii: "0") }
        normalize()
    }

    /// A number in JSON's syntax, with an optional `+` and Swift's `inf`/`nan` refused.
    init?(text: String) {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            isNegative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var significand: [UInt8] = []
        var fractionDigits = 0
        var seenPoint = false
        var seenDigit = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            seenDigit = true
            if significand.isEmpty, byte == UInt8(ascii: "0") {
                if seenPoint { fractionDigits += 1 }
                continue
            }
            significand.append(byte - UInt8(ascii: "0"))
            if seenPoint { fractionDigits += 1 }
        }
        guard seenDigit else { return nil }
        var power = 0
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var negativePower = false
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                negativePower = bytes.first == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                // Past the bound the value is infinite or negligible either way.
                if power < 100_000 { power = power * 10 + Int(byte - UInt8(ascii: "0")) }
            }
            if negativePower { power = -power }
        }
        digits = significand
        exponent = power - fractionDigits
        normalize()
    }

    /// Trailing zeros into the exponent, digits past what rounding needs into one sticky digit,
    /// magnitudes past the bounds clamped.
    private mutating func normalize() {
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            isNegative = false
            exponent = 0
            return
        }
        if digits.count > Self.significantDigits {
            let sticky = digits[Self.significantDigits...].contains { $0 != 0 }
            exponent += digits.count - Self.significantDigits
            digits.removeLast(digits.count - Self.significantDigits)
            if sticky {
                // A digit below the kept ones stands for the rest: above the truncation, below the next.
                digits.append(1)
                exponent -= 1
            }
            while let last = digits.last, last == 0 {
                digits.removeLast()
                exponent += 1
            }
        }
        // The order of magnitude: digits.count + exponent.
        if digits.count + exponent > Self.exponentBound { exponent = Self.exponentBound }
        if digits.count + exponent < -Self.exponentBound {
            // Negligible: kept as one digit far below anything a sum with whole seconds rounds to.
            digits = [1]
            exponent = -Self.exponentBound
        }
    }

    /// The value × 10^`power`.
    func scaled(by power: Int) -> ExactDecimal {
        var result = self
        if !digits.isEmpty { result.exponent += power }
        return result
    }

    /// The exact sum.
    func adding(_ other: ExactDecimal) -> ExactDecimal {
        if digits.isEmpty { return other }
        if other.digits.isEmpty { return self }
        let low = min(exponent, other.exponent)
        let left = digits + [UInt8](repeating: 0, count: exponent - low)
        let right = other.digits + [UInt8](repeating: 0, count: other.exponent - low)
        var result = ExactDecimal()
        result.exponent = low
        if isNegative == other.isNegative {
            result.isNegative = isNegative
            result.digits = Self.add(left, right)
        } else if Self.compare(left, right) >= 0 {
            result.isNegative = isNegative
            result.digits = Self.subtract(left, right)
        } else {
            result.isNegative = other.isNegative
            result.digits = Self.subtract(right, left)
        }
        while let first = result.digits.first, first == 0 { result.digits.removeFirst() }
        result.normalize()
        return result
    }

    /// `digits` and `e` and the exponent: what `Double(_:)` and `Decimal(string:)` read.
    var text: String {
        guard !digits.isEmpty else { return "0" }
        let significand = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        return (isNegative ? "-" : "") + significand + (exponent == 0 ? "" : "e\(exponent)")
    }

    /// The value in plain notation (`-12.5`), with trailing zeros after the point up to
    /// `minimumDigits` significant digits.
    func plainText(minimumDigits: Int = 0) -> String {
        guard exponent < 0 else { return integerText }
        var characters = digits.map { $0 + UInt8(ascii: "0") }
        characters += [UInt8](repeating: UInt8(ascii: "0"), count: max(0, minimumDigits - digits.count))
        let fraction = -exponent + max(0, minimumDigits - digits.count)
        if characters.count <= fraction {
            characters = [UInt8](repeating: UInt8(ascii: "0"), count: fraction - characters.count + 1) + characters
        }
        characters.insert(UInt8(ascii: "."), at: characters.count - fraction)
        return (isNegative ? "-" : "") + String(decoding: characters, as: UTF8.self)
    }

    /// The value in plain digits, when it is a whole number (`exponent >= 0`).
    var integerText: String {
        (isNegative ? "-" : "") + String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
            + String(repeating: "0", count: max(exponent, 0))
    }

    /// The nearest `Double` (ties to even), as `strtod` rounds: one rounding of the exact value.
    var double: Double {
        Double(text) ?? .nan
    }

    private static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        let left = left.drop { $0 == 0 }
        let right = right.drop { $0 == 0 }
        if left.count != right.count { return left.count < right.count ? -1 : 1 }
        for (a, b) in zip(left, right) where a != b { return a < b ? -1 : 1 }
        return 0
    }

    private static func add(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: max(left.count, right.count) + 1)
        var carry: UInt8 = 0
        for index in 0..<result.count - 1 {
            let a = index < left.count ? left[left.count - 1 - index] : 0
            let b = index < right.count ? right[right.count - 1 - index] : 0
            let sum = a + b + carry
            result[result.count - 1 - index] = sum % 10
            carry = sum / 10
        }
        result[0] = carry
        return result
    }

    /// `left - right`, where `left >= right`.
    private static func subtract(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: left.count)
        var borrow: Int = 0
        for index in 0..<left.count {
            let a = Int(left[left.count - 1 - index])
            let b = index < right.count ? Int(right[right.count - 1 - index]) : 0
            var difference = a - b - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result[left.count - 1 - index] = UInt8(difference)
        }
        return result
    }
}

// MARK: JSON bytes

extension EpochDateCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Date {
        guard try reader.nextIsNumber() else { return try decode(try reader.readAny(), in: context) }
        let number = try reader.scanNumber()
        // A whole number of units (every timestamp an API writes): no text, no decimal arithmetic.
        if let integer = reader.int(number) { return try date(integer: Int64(integer), found: "the number \(reader.text(of: number))") }
        let text = reader.text(of: number)
        return try date(ExactDecimal(text: text), found: "the number \(text)")
    }

    /// As ``encode(_:in:)`` gives it; a number only a `Decimal` holds is written with at least
    /// 17 significant digits (`95042219508047.180`): JSONSerialization reads shorter fractions as
    /// a `Double`, which cannot tell `.18` from `.19` there, and longer ones as the exact
    /// `NSDecimalNumber`.
    func encodeJSON(at value: UnsafePointer<Date>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        if !context.style.keepsDatesAndDataNative, let units = wholeUnits(of: value.pointee) {
            writer.writeInt(units)
            return true
        }
        guard let plain = try encode(value.pointee, in: context) else { return false }
        if let decimal = plain as? Decimal, let exact = ExactDecimal(text: "\(decimal)") {
            writer.writeText(exact.plainText(minimumDigits: 17))
        } else {
            try writer.writeAny(plain)
        }
        return true
    }
}

// MARK: JSON Schema

extension EpochDateCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // Any finite number: a `Date` holds its seconds as a `Double`.
        FloatingPointSchema.finite(Double.self).merging(["description": "a date as \(name)"]) { $1 }
    }
}
