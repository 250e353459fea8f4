import Foundation

// What each built-in codec reads, for the Codable bridge (see ``CodableShape``).

extension IntCodec {
    var codableShape: CodableShape { .int }
}

extension IntegerCodec {
    var codableShape: CodableShape { .int }
}

extension DoubleCodec {
    var codableShape: CodableShape { .double }
}

extension FloatingPointCodec {
    var codableShape: CodableShape { .double }
}

extension BoolCodec {
    var codableShape: CodableShape { .bool }
}

extension StringCodec {
    var codableShape: CodableShape { .string }
}

extension StringFormCodec {
    var codableShape: CodableShape { .string }
}

extension DecimalCodec {
    var codableShape: CodableShape { .decimal }
}

extension OptionalCoding {
    var codableShape: CodableShape { .optional(wrapped.codableShape) }
}

extension ArrayCodec {
    var codableShape: CodableShape { .array(element.codableShape) }
}

extension SetCodec {
    var codableShape: CodableShape { .array(element.codableShape) }
}

extension DictionaryCodec {
    var codableShape: CodableShape { .dictionary(value.codableShape) }
}

extension RawRepresentableCodec {
    var codableShape: CodableShape { raw.codableShape }
}

extension CodableCodec {
    var codableShape: CodableShape { .decodable(Value.self) }
}

extension MappableCodec: NestedPlanning {
    var codableShape: CodableShape { .model(self) }

    func plan(in context: MappingContext) -> ObjectPlan? {
        let configuration = context.declaredConfiguration(for: Model.self)
        // A model written as an array is read by probing.
        guard !configuration.rules.isPositional else { return nil }
        return try? plans.plan(for: Model.self, configuration: configuration)
    }
}
