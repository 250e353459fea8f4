public import Foundation

extension Mappable {
    /// The JSON Schema (draft 2020-12) of this model as MappingKit maps it: made from the same
    /// compiled mapping, so its keys are the mapped keys (renamed, under the key strategy, key
    /// paths as nested objects, an index as an array's item), its types are the ones each property is converted from and
    /// written as (integers and floating-point numbers with their ranges, a `pattern` for dates'
    /// text, `format` for URLs and UUIDs, `enum` for `CaseIterable` raw-value enums), nested models are `$defs`,
    /// the keys ``MissingKeyPolicy/raise`` requires are `required`, and
    /// ``UndefinedKeyPolicy/raise`` allows no other keys.
    ///
    /// It describes what ``jsonData(options:limits:)`` writes and what the mapping reads back
    /// under ``CoercionMode/strict``; a property whose conversion cannot say what it reads (a
    /// custom adapter, an untyped value) accepts any value. The result is JSON's untyped values,
    /// as ``JSONValue`` parses them; ``jsonSchemaData(undefinedKeys:options:)`` writes it.
    ///
    /// ```swift
    /// struct User: Mappable {
    ///     var name = ""
    ///     var age: Int8 = 0
    /// }
    /// let schema = try User.jsonSchema()
    /// // ["$schema": "https://json-schema.org/draft/2020-12/schema", "title": "User", "type": "object",
    /// //  "properties": ["name": ["type": "string", "default": ""],
    /// //                 "age": ["type": "integer", "minimum": -128, "maximum": 127, "default": 0]]]
    /// ```
    ///
    /// - Parameter undefinedKeys: the undefined-key policy of the calls the schema is for, when
    ///   it is not the model's own.
    /// - Throws: ``MappingError`` when the model's configuration does not compile.
    public static func jsonSchema(undefinedKeys: UndefinedKeyPolicy? = nil) throws -> [String: Any] {
        try jsonSchema(in: MappingContext(undefinedKeys: undefinedKeys))
    }

    /// The schema for calls made in `context` (a mapper's, or a call's policy).
    static func jsonSchema(in context: MappingContext) throws -> [String: Any] {
        let plan = try PlanCache.plan(for: Self.self, configuration: context.declaredConfiguration(for: Self.self))
        return try SchemaDocuments.builder().document(for: plan, of: Self.self, context: context)
    }


    /// ``jsonSchema(undefinedKeys:)`` as JSON text: pretty-printed with sorted keys unless
    /// `options` says otherwise.
    ///
    /// ```swift
    /// let text = String(decoding: try User.jsonSchemaData(), as: UTF8.self)
    /// ```
    public static func jsonSchemaData(undefinedKeys: UndefinedKeyPolicy? = nil, options: JSONOutputOptions = [.prettyPrinted, .sortedKeys]) throws -> Data {
        try JSONValue.data(jsonSchema(undefinedKeys: undefinedKeys), options: options)
    }
}

/// Schema documents as the API makes them: each model's defaults are its `init()` as JSON.
enum SchemaDocuments {
    static func builder() -> SchemaBuilder {
        SchemaBuilder { type in
            (try? JSONValue.parse(type.init().jsonData())) as? [String: Any]
        }
    }

    /// One document for `models` in `context`, each a `$defs` entry.
    static func document(for models: [any Mappable.Type], in context: MappingContext) throws -> [String: Any] {
        let plans = try models.map { type in
            (plan: try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type)), type: type)
        }
        return try builder().document(for: plans, context: context)
    }
}
