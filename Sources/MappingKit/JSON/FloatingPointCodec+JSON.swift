import Foundation

extension DoubleCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Double {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Double(exactly: int) {
                    // `-0` keeps its sign, as `-0.0` does.
                    return value == 0 && number.isNegative ? -0.0 : value
                }
            } else {
                let value = reader.double(number)
                if value.isFinite { return value }
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at pointer: UnsafePointer<Double>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let value = pointer.pointee
        // Non-finite values: the representation's own error.
        guard value.isFinite else { return try general.encode(value, in: context) != nil }
        try writer.writeDouble(value)
        return true
    }
}

extension FloatingPointCodec: JSONCoding {
    /// A fraction or exponent converts from its text, correctly rounded for `Floating` itself
    /// (a `Float` never rounds twice through `Double`); an integer must be exact, as from a
    /// dictionary.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Floating {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Floating(exactly: int) {
                    return value == 0 && number.isNegative ? -value : value
                }
            } else {
                let value = Floating.self == Float.self ? Floating(reader.float(number)) : Floating(reader.double(number))
                if value.isFinite { return value }
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }
}
