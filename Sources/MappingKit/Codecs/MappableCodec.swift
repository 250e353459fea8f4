/// A nested model: a dictionary hydrated into a fresh `Model()` through the model's own
/// `update(from:configuration:)`, so a nested type's overrides run too (recursive hydration).
struct MappableCodec<Model: Mappable>: ValueCodec {
    func decode(_ input: Any, in context: MappingContext) throws -> Model {
        guard let dictionary = input as? [String: Any] else {
            return try mismatch(input, expected: "\(ValueDescription.typeName(Model.self)) (a dictionary)", in: context)
        }
        let nested = try context.nested()
        var configuration = Model.mappingConfiguration
        configuration.context = nested
        var model = Model()
        do {
            try model.update(from: dictionary, configuration: configuration)
        } catch {
            throw MappingError.wrapping(error, at: nil)
        }
        return model
    }

    func encode(_ value: Model, in context: MappingContext) throws -> Any? {
        try value.encodedDictionary(in: context.nested())
    }
}
