import Foundation

extension EpochDateCodec: JSONCoding {
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Date {
        guard try reader.nextIsNumber() else { return try decode(try reader.readAny(), in: context) }
        let text = reader.text(of: try reader.scanNumber())
        return try date(ExactDecimal(text: text), found: "the number \(text)")
    }

    /// As ``encode(_:in:)`` gives it; a number only a `Decimal` holds is written with at least
    /// 17 significant digits (`95042219508047.180`): JSONSerialization reads shorter fractions as
    /// a `Double`, which cannot tell `.18` from `.19` there, and longer ones as the exact
    /// `NSDecimalNumber`.
    func encodeJSON(at value: UnsafePointer<Date>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        guard let plain = try encode(value.pointee, in: context) else { return false }
        if let decimal = plain as? Decimal, let exact = ExactDecimal(text: "\(decimal)") {
            writer.writeText(exact.plainText(minimumDigits: 17))
        } else {
            try writer.writeAny(plain)
        }
        return true
    }
}
