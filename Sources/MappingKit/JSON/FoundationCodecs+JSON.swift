import Foundation

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
