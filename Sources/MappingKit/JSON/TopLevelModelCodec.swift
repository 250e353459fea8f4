/// The elements of a top-level array of models (`[Model](json:)`, `Model.array(fromJSON:)`):
/// objects, each a model of the call, read straight from the bytes. A codec like any other, so
/// the array's element loop and its errors are the collections' own.
struct TopLevelModelCodec<Model: Mappable>: ValueCodec {
    let configuration: MappingConfiguration
    let context: MappingContext

    func decodeJSON(_ reader: inout JSONReader, in _: MappingContext) throws -> Model {
        guard try reader.peek() == UInt8(ascii: "{") else { throw Model.notAnObject(&reader) }
        return try Model.instantiate(fromJSON: &reader, configuration: configuration, context: context)
    }

    func decode(_ input: Any, in context: MappingContext) throws -> Model {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Model.self)))
    }

    func encode(_ value: Model, in context: MappingContext) throws -> Any? {
        throw MappingError(.unsupportedType(ValueDescription.typeName(Model.self)))
    }

    /// The model's object, as a property of its type is described.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        try builder.reference(to: Model.self, context: context)
    }
}
