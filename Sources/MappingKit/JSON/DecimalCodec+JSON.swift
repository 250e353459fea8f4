import Foundation

extension DecimalCodec: JSONCoding {
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
