import Foundation

/// `Codable` leaves from and to JSON bytes through Foundation's coders, with no untyped values
/// in between that could change a number: the value's own bytes go to `JSONDecoder`, and
/// `JSONEncoder`'s output is read back by MappingKit's reader, which keeps `1.2345678901234567e+40`
/// a `Double` (`JSONSerialization` gave an `NSNumber` written back as 41 integer digits, which no
/// `Double` reads back from exactly, and which the leaf then refused).
extension CodableCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Value {
        let mark = reader.mark
        reader.skipWhitespace()
        let start = reader.position
        try reader.skipValue()
        let bytes = reader.bytes(start, reader.position)
        // Anything the decoder refuses is read again as native values, for the same answer or
        // error as every other input gives.
        if let value = try? JSONDecoder().decode(Value.self, from: Data(buffer: bytes)) { return value }
        return try decodeJSON(again: &reader, from: mark, in: context)
    }

    func encodeJSON(at value: UnsafePointer<Value>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let data = try JSONEncoder().encode(value.pointee)
        let plain = try JSONReader.read(data, limits: context.effectiveLimits) { reader in
            let plain = try reader.readAny()
            try reader.expectEnd()
            return plain
        }
        try writer.writeAny(plain)
        return true
    }
}
