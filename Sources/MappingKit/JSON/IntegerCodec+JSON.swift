import Foundation

extension IntCodec: JSONCoding {
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

extension IntegerCodec: JSONCoding {
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
                    throw MappingError(.outOfRange(expected: typeName, range: range, found: reader.describe(number)))
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
