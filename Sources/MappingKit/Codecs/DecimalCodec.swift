import Foundation

/// `Decimal`, exactly: from strings (`"19.99"`), integers, and numbers in the decimal form they
/// were written in. From JSON bytes, the digits as written, never through binary.
struct DecimalCodec: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Decimal {
        if let number = NumericInput.read(input) {
            switch number {
            case .decimal(let value): return value
            case .signed(let value): return try DecimalCodec.exactDecimal("\(value)", found: ValueDescription.describe(number))
            case .unsigned(let value): return try DecimalCodec.exactDecimal("\(value)", found: ValueDescription.describe(number))
            case .wide(let value): return try DecimalCodec.exactDecimal("\(value)", found: ValueDescription.describe(number))
            case .exact(let value): return try DecimalCodec.exactDecimal(value.text, found: ValueDescription.describe(number))
            case .floating(let value) where value.isFinite:
                return try DecimalCodec.exactDecimal("\(value)", found: ValueDescription.describe(number))
            case .floating, .bool: break
            }
            throw MappingError(.mismatch(expected: "Decimal", found: ValueDescription.describe(number)))
        }
        if let text = input as? String {
            return try DecimalCodec.exactDecimal(text, found: ValueDescription.describe(input))
        }
        return try mismatch(input, expected: "Decimal", in: context)
    }

    /// NaN has no form in JSON or a property list, and equals nothing it could be read back as.
    func encode(_ value: Decimal, in context: MappingContext) throws -> Any? {
        guard value.isFinite else { throw MappingError(.mismatch(expected: "a finite Decimal", found: "Decimal \(value)")) }
        return value
    }
}

extension DecimalCodec {
    /// What it reads, asked of a `Decoder` first (``ValueShape``).
    var valueShape: ValueShape { .decimal }
}

extension DecimalCodec {
    /// The exact `Decimal` for a number's text, or an error: `Decimal` keeps 38 significant
    /// digits and exponents up to ±127; more would be rounded or overflow.
    static func exactDecimal(_ text: String, found: @autoclosure () -> String) throws -> Decimal {
        guard NumberText.shape(of: text) != nil else {
            throw MappingError(.mismatch(expected: "Decimal", found: found()))
        }
        // `Decimal` holds a 128-bit significand: 38 digits always, 39 up to 2^128 - 1. Exact
        // when the value's own digits are the text's. (Bytes, not characters: a long number is
        // refused in time that grows with its length, not with Unicode's rules.)
        func significant(_ text: String) -> [UInt8] {
            let mantissa = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
                .filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return Array(mantissa.drop { $0 == UInt8(ascii: "0") }.reversed().drop { $0 == UInt8(ascii: "0") }.reversed())
        }
        let digits = significant(text)
        guard digits.count <= 39, let value = Decimal(string: text), value.isFinite, value.isZero == digits.isEmpty,
              digits.count <= 38 || significant("\(value)") == digits else {
            throw MappingError(.inexact(expected: "Decimal", found: found()))
        }
        return value
    }
}

// MARK: JSON bytes

extension DecimalCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Decimal {
        let mark = reader.mark
        guard try reader.nextIsNumber() else { return try decodeJSON(again: &reader, from: mark, in: context) }
        let number = try reader.scanNumber()
        let text = reader.text(of: number)
        do {
            return try DecimalCodec.exactDecimal(text, found: reader.describe(number))
        } catch {
            // Said of the value the reader gives for the number (`Double 1e+300`), as the
            // dictionary path says it; the reader's own error where it gives none, as the first
            // read of a type (which reads the object as native values) says it.
            let value = try reader.value(of: number)
            return try DecimalCodec.exactDecimal(text, found: ValueDescription.describe(value))
        }
    }

    func encodeJSON(at value: UnsafePointer<Decimal>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        try writer.writeNumber(.decimal(value.pointee))
        return true
    }
}

// MARK: JSON Schema

extension DecimalCodec {
    /// A number within `Decimal`'s range, or a number's text (`"19.99"`), which it reads in
    /// every mode; written as a number. (That a value keeps 38 significant digits, as
    /// ``exactDecimal(_:found:)`` checks, is more than a schema can say of a number.)
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        let largest = NSDecimalNumber(decimal: Decimal.greatestFiniteMagnitude).doubleValue
        return ["anyOf": [
            ["type": "number", "minimum": -largest, "maximum": largest],
            ["type": "string", "pattern": #"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$"#],
        ]]
    }
}
