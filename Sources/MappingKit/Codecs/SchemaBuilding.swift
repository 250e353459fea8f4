/// What a codec's schema part (``ValueCodec/schema(in:context:)``) asks of the document being
/// built: the schemas of the codecs it holds, and the `$defs` entries of the models it refers
/// to. The one builder is `Schema/SchemaBuilder.swift`'s, which reads models' plans; a codec
/// names only this, so its schema sits in its own file beside its conversions.
///
/// A class protocol: one document's builder, handed to every codec by reference.
protocol SchemaBuilding: AnyObject {
    /// A reference (`$ref`) to the object schema of `model`, mapped in `context`, made the
    /// first time it is met; `discriminator`: a polymorphic property's key and the name of this
    /// type there, which the object holds besides its own keys.
    func reference(to model: any Mappable.Type, context: MappingContext, discriminator: (key: String, value: String)?) throws -> [String: Any]

    /// The object schema of `model` itself, with its defaults: a flattened model's, whose keys
    /// are its parent's own.
    func object(of model: any Mappable.Type, context: MappingContext) throws -> [String: Any]
}

extension SchemaBuilding {
    /// The schema of `codec`'s values: its own part, asked of the box.
    func schema<Value>(of codec: Codec<Value>, context: MappingContext) throws -> [String: Any] {
        try codec.schema(in: self, context: context)
    }

    /// The object schema of a flattened `codec`'s values; the empty schema for a codec whose
    /// values are no object (a flattened property is refused before its schema is asked for).
    func inlineObject<Value>(of codec: Codec<Value>, context: MappingContext) throws -> [String: Any] {
        try codec.inlineSchema(in: self, context: context) ?? [:]
    }

    /// A reference to `model`'s object schema, with no discriminator.
    func reference(to model: any Mappable.Type, context: MappingContext) throws -> [String: Any] {
        try reference(to: model, context: context, discriminator: nil)
    }
}

/// An optional's schema: its value's, or `null` (the empty schema, any value, stays as it is).
enum OptionalSchema {
    /// `wrapped` or `null`; `wrapped` itself where it takes `null` already (any value, an
    /// `NSNull?`'s `null`).
    static func of(_ wrapped: [String: Any]) -> [String: Any] {
        wrapped.isEmpty || wrapped["type"] as? String == "null" ? wrapped : ["anyOf": [wrapped, ["type": "null"]]]
    }
}
