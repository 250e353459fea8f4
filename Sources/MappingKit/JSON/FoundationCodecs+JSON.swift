import Foundation

extension StringFormCodec: JSONCoding {
    /// A string read from the bytes and parsed (`URL(string:)`, `UUID(uuidString:)`), with no
    /// native value boxed in between; anything else as the native value would be.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        if try reader.peek() == UInt8(ascii: "\"") { return try value(fromText: try reader.readString()) }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    /// The string form written as the string it is.
    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        writer.writeString(format(value.pointee))
        return true
    }
}

extension NSDecimalNumberCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> NSDecimalNumber {
        try Self.named { NSDecimalNumber(decimal: try decimal.decodeJSON(&reader, in: context)) }
    }
}

extension BridgedCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        do {
            return make(try counterpart.decodeJSON(&reader, in: context))
        } catch let error as MappingError {
            throw error.renamingExpected(counterpartName, to: typeName)
        }
    }
}
