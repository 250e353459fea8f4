import Foundation

extension EpochDateCodec: JSONCoding {
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
