public import Foundation

extension Mapper {
    /// A model made from a JSON object, with this mapper's configurations for it and for every
    /// model nested in it.
    ///
    /// ```swift
    /// let user = try legacy.map(json: Data(#"{"uid": 42}"#.utf8), to: User.self)
    /// ```
    public func map<Model: Mappable>(json: some ContiguousBytes, to model: Model.Type) throws -> Model {
        let configuration = configuration(for: model)
        let context = callContext().started()
        return try JSONReader.read(json, limits: context.effectiveLimits) { reader in
            guard try reader.peek() == UInt8(ascii: "{") else { throw Model.notAnObject(&reader) }
            let result = try Model.instantiate(fromJSON: &reader, configuration: configuration, context: context)
            try reader.expectEnd()
            return result
        }
    }

    /// A model made from a JSON object given as text.
    ///
    /// ```swift
    /// let user = try legacy.map(json: #"{"uid": 42}"#, to: User.self)
    /// ```
    public func map<Model: Mappable>(json: String, to model: Model.Type) throws -> Model {
        try map(json: Data(json.utf8), to: model)
    }

    /// Updates `model` from a JSON object given as text.
    ///
    /// ```swift
    /// try v1.update(&user, fromJSON: #"{"login": "ann"}"#)
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, fromJSON json: String) throws {
        try update(&model, fromJSON: Data(json.utf8))
    }

    /// Models made from every element of a top-level JSON array given as text.
    ///
    /// ```swift
    /// let users = try v1.array(of: User.self, json: #"[{"login": "ann"}]"#)
    /// ```
    public func array<Model: Mappable>(of model: Model.Type, json: String) throws -> [Model] {
        try array(of: model, json: Data(json.utf8))
    }

    /// Updates `model` from a JSON object, atomically; absent keys leave their properties as
    /// they are.
    ///
    /// ```swift
    /// try v1.update(&user, fromJSON: Data(#"{"login": "ann"}"#.utf8))
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, fromJSON json: some ContiguousBytes) throws {
        let configuration = configuration(for: type(of: model))
        var context = callContext().started()
        context.updatesInPlace = true
        try JSONReader.read(json, limits: context.effectiveLimits) { reader in
            try model.update(document: &reader, configuration: configuration, context: context)
        }
    }

    /// Models made from every element of a top-level JSON array, which must all be objects.
    ///
    /// ```swift
    /// let users = try v1.array(of: User.self, json: data)
    /// ```
    public func array<Model: Mappable>(of model: Model.Type, json: some ContiguousBytes) throws -> [Model] {
        try Model.array(json: json, configuration: configuration(for: model), context: callContext().started())
    }

    /// `model` as JSON, written with this mapper's configurations.
    ///
    /// ```swift
    /// let data = try v1.jsonData(of: user, options: .sortedKeys)
    /// ```
    public func jsonData<Model: Mappable>(of model: Model, options: JSONOutputOptions = []) throws -> Data {
        try model.jsonData(options: options, in: callContext())
    }

    /// The JSON Schema of `model` as this mapper maps it (``Mappable/jsonSchema(undefinedKeys:)``
    /// under this mapper's configurations and policies).
    ///
    /// ```swift
    /// let schema = try v1.jsonSchema(for: User.self)
    /// ```
    public func jsonSchema<Model: Mappable>(for model: Model.Type) throws -> [String: Any] {
        try Model.jsonSchema(in: callContext())
    }

    /// The schema of `model` (`jsonSchema(for: User.self)`) as JSON text: pretty-printed with sorted keys unless
    /// `options` says otherwise.
    ///
    /// ```swift
    /// try v1.jsonSchemaData(for: User.self).write(to: url)
    /// ```
    public func jsonSchemaData<Model: Mappable>(for model: Model.Type, options: JSONOutputOptions = [.prettyPrinted, .sortedKeys]) throws -> Data {
        try JSONValue.data(jsonSchema(for: model), options: options)
    }

    /// One JSON Schema document for several models, as this mapper maps them: each model an
    /// entry of `$defs` beside the nested models they share, each once, and no root (what
    /// OpenAPI 3.1 keeps under `components/schemas`; refer to one as `#/$defs/User`).
    ///
    /// ```swift
    /// let components = try v1.jsonSchema(for: [User.self, Message.self])
    /// // ["$schema": "https://json-schema.org/draft/2020-12/schema",
    /// //  "$defs": ["User": [...], "Message": [...], "Address": [...]]]
    /// ```
    public func jsonSchema(for models: [any Mappable.Type]) throws -> [String: Any] {
        try SchemaDocuments.document(for: models, in: callContext())
    }

    /// The document for `models` (`jsonSchema(for: [User.self, Message.self])`) as JSON text: pretty-printed with sorted keys
    /// unless `options` says otherwise.
    ///
    /// ```swift
    /// let text = String(decoding: try v1.jsonSchemaData(for: [User.self, Message.self]), as: UTF8.self)
    /// ```
    public func jsonSchemaData(for models: [any Mappable.Type], options: JSONOutputOptions = [.prettyPrinted, .sortedKeys]) throws -> Data {
        try JSONValue.data(jsonSchema(for: models), options: options)
    }

}
