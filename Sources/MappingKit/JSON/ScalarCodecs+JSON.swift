/// The scalar codecs' common cases, read straight from bytes. Anything else (strings under
/// coercion, fractions where integers belong, `null`) is read again as a native value and goes
/// through the codec's `decode`, so both paths give the same values and the same errors.
extension JSONReader {
    /// `true` when the next value is a number.
    @inline(__always)
    mutating func nextIsNumber() throws -> Bool {
        let byte = try peek()
        return byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10
    }
}

extension IntCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Int {
        let mark = reader.mark
        if try reader.nextIsNumber(), let value = reader.int(try reader.scanNumber()) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Int>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeInt(value.pointee)
        return true
    }
}

extension IntegerCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Integer {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if let int = reader.int(number), let value = Integer(exactly: int) { return value }
            if !number.isNegative, let magnitude = reader.integerMagnitude(number), let value = Integer(exactly: magnitude) {
                return value
            }
            // Past 64 bits only 128-bit integers take it, from its digits (as `jsonData` writes them).
            if number.isInteger, Integer.bitWidth > 64 {
                let text = reader.text(of: number)
                guard let value = Integer(text) else {
                    throw MappingError(.outOfRange(expected: typeName, range: range, found: "the number \(text)"))
                }
                return value
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at pointer: UnsafePointer<Integer>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let value = pointer.pointee
        if let int = Int(exactly: value) {
            writer.writeInt(int)
        } else if let unsigned = UInt(exactly: value) {
            writer.writeUnsigned(unsigned)
        } else {
            writer.writeText("\(value)")
        }
        return true
    }
}

extension DoubleCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Double {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Double(exactly: int) { return value }
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

extension FloatingPointCodec {
    /// A fraction or exponent converts from its text, correctly rounded for `Floating` itself
    /// (a `Float` never rounds twice through `Double`); an integer must be exact, as from a
    /// dictionary.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Floating {
        let mark = reader.mark
        if try reader.nextIsNumber() {
            let number = try reader.scanNumber()
            if number.isInteger {
                if let int = reader.int(number), let value = Floating(exactly: int) { return value }
            } else {
                let value = Floating.self == Float.self ? Floating(reader.float(number)) : Floating(reader.double(number))
                if value.isFinite { return value }
            }
        }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }
}

extension BoolCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Bool {
        let mark = reader.mark
        let byte = try reader.peek()
        if byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f"), let value = try reader.readLiteral() { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Bool>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeBool(value.pointee)
        return true
    }
}

extension StringCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> String {
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") { return try reader.readString() }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<String>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeString(at: value)
        return true
    }
}

extension OptionalCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Inner.Value? {
        if try reader.peek() == UInt8(ascii: "n") {
            let mark = reader.mark
            if try reader.readLiteral() == nil { return nil }
            reader.reset(to: mark)
        }
        return try wrapped.decodeJSON(&reader, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Inner.Value?>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        if case .none = value.pointee { return false }
        // A single-payload enum keeps its payload at its own address (Swift's stable ABI).
        return try wrapped.encodeJSON(at: UnsafeRawPointer(value).assumingMemoryBound(to: Inner.Value.self), into: &writer, in: context)
    }
}

extension RawRepresentableCodec {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Represented {
        let mark = reader.mark
        if let value = Represented(rawValue: try raw.decodeJSON(&reader, in: context)) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Represented>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        var rawValue = value.pointee.rawValue
        return try raw.encodeJSON(at: &rawValue, into: &writer, in: context)
    }
}
