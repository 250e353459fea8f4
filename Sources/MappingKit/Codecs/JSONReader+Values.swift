import Foundation

extension JSONReader {
    /// Consumes one value as native Swift values: `String`, `Bool`, `NSNull`, `[Any]`,
    /// `[String: Any]`, and numbers as ``value(of:)`` gives them. A repeated key keeps its last
    /// value.
    mutating func readAny() throws -> Any {
        switch try peek() {
        case UInt8(ascii: "\""):
            return text(of: try scanString())
        case UInt8(ascii: "{"):
            if try enterObject() { return [String: Any]() }
            // Sized like the last object read at this depth (arrays of objects repeat their
            // shapes), so it rarely grows and rehashes.
            let depth = nesting
            var object = [String: Any](minimumCapacity: pending._withUnsafeGuaranteedRef { $0.size(at: depth) })
            repeat {
                let scanned = try readKey()
                let key = scanned.isEscaped ? text(of: scanned) : pending._withUnsafeGuaranteedRef { $0.key(bytes(scanned.start, scanned.end)) }
                do {
                    object[key] = try readAny()
                } catch {
                    throw MappingError.wrapping(error, at: .key(key))
                }
            } while try nextMember()
            pending._withUnsafeGuaranteedRef { $0.record(object.count, at: depth) }
            return object
        case UInt8(ascii: "["):
            var array: [Any] = []
            if try enterArray() { return array }
            repeat {
                do {
                    array.append(try readAny())
                } catch {
                    throw MappingError.wrapping(error, at: .index(array.count))
                }
            } while try nextElement()
            return array
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            guard let bool = try readLiteral() else { return NSNull() }
            return bool
        default:
            return try value(of: try scanNumber())
        }
    }

    /// A number as the native value ``readAny()`` gives. Integers stay exact: an `Int`, a
    /// `UInt64`, a `Decimal` (38 digits), an `Int128` or `UInt128` (39 digits within their
    /// range, on the releases that have those types), a `Double` when it is the integer exactly
    /// (2¹⁵² written in its 46 digits), and past that an ``ExactNumber``, its digits: never a
    /// rounded `Double`, never an error for want of a type (a property judges the value).
    /// `-0` is the `Double` `-0.0`, which keeps its sign (an `Int` has none).
    /// Fractions and exponents are the correctly rounded `Double`; beyond its range, an error.
    func value(of number: JSONNumber) throws -> Any {
        if let magnitude = integerMagnitude(number) {
            if !number.isNegative { return Int(exactly: magnitude) ?? magnitude }
            if magnitude == 0 { return -0.0 }
            if let int = int(number) { return int }
        }
        if number.isInteger {
            let text = text(of: number)
            if isLongInteger(number) { return try exactInteger(number) }
            // 39 digits are past `Decimal`, not past `Int128` and `UInt128` (what `jsonData` writes
            // for their extremes): kept exact as those, where the release has them.
            do {
                return try DecimalCodec.exactDecimal(text, found: describe(number))
            } catch {
                if let wide = WideInteger(text), wide.isWithin128Bits, let value = OlderReleases.int128Value(wide) { return value }
                // Past 2¹²⁸ in 39 digits: as longer integers.
                return try exactInteger(number)
            }
        }
        let value = double(number)
        guard value.isFinite else {
            throw MappingError(.mismatch(expected: "a number within Double's range", found: describe(number)))
        }
        return value
    }

    /// An integer past `Decimal` and `Int128`: the `Double` it is exactly, else its digits.
    private func exactInteger(_ number: JSONNumber) throws -> Any {
        let text = text(of: number)
        if case .exact(let value)? = NumberText.integer(text, as: Double.self) { return value }
        // JSON's grammar is ExactNumber's: this holds for every integer the scanner gives.
        guard let exact = ExactNumber(text) else { throw MappingError(.mismatch(expected: "an integer", found: describe(number))) }
        return exact
    }
}

extension JSONReader {
    /// Consumes a `null` and says so; anything else is left for the value's codec (which
    /// reports a bad literal such as `nul` itself).
    mutating func skipsNull() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        let mark = self.mark
        if try readLiteral() == nil { return true }
        reset(to: mark)
        return false
    }
}
