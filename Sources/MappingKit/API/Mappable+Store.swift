public import Foundation

extension Mappable {
    /// Imports every element of `array` into `store`: a dictionary whose primary key matches a
    /// stored object updates it (a class instance in place), the same key twice gives one
    /// object, and relationships by foreign key resolve through the store and the payload.
    /// The store is asked once per model type for every key the payload mentions.
    ///
    /// ```swift
    /// let store = IdentityMap()
    /// let people = try Person.array(from: payload, in: store)
    /// ```
    ///
    /// Either every model maps and is saved, or this throws and the store is as it was.
    public static func array(from array: [Any], in store: some MappingStore) throws -> [Self] {
        try StoreImports.run(into: store, mapper: nil) { session, context in
            StoreImports.survey(array, as: Self.self, session: session, in: context)
        } map: { _, context in
            try models(from: array, configuration: context.declaredConfiguration(for: Self.self), context: context)
        }
    }

    /// Imports one model (and every model nested in it) into `store`, as
    /// ``array(from:in:)`` does.
    ///
    /// ```swift
    /// let person = try Person(dictionary: ["id": 1, "name": "Ada", "employer_id": 7], in: store)
    /// ```
    public init(dictionary: [String: Any], in store: some MappingStore) throws {
        self = try StoreImports.run(into: store, mapper: nil) { session, context in
            StoreImports.survey([dictionary], as: Self.self, session: session, in: context)
        } map: { _, context in
            try Self.instantiate(from: dictionary, configuration: context.declaredConfiguration(for: Self.self), context: context)
        }
    }

    /// Imports a JSON array of objects into `store`, as ``array(from:in:)`` does.
    ///
    /// ```swift
    /// let people = try Person.array(json: data, in: store)
    /// ```
    ///
    /// A struct that maps by default, keyed by one property, is read from the bytes: each object's
    /// key and references first, then the object straight into its model as `Model(json:)` reads
    /// it, with no native value made for what the model does not read. Other types read the
    /// document as native values and import those.
    public static func array(json: some ContiguousBytes, in store: some MappingStore, limits: MappingLimits = .default) throws -> [Self] {
        try JSONReader.read(json, limits: limits) { reader in
            if let models = try importArray(json: &reader, into: store) { return models }
            let value = try reader.readAny()
            try reader.expectEnd()
            guard let elements = InputValue.array(value) else {
                throw MappingError(.mismatch(expected: "an array of \(ValueDescription.typeName(Self.self))", found: ValueDescription.describe(value)))
            }
            return try array(from: elements, in: store)
        }
    }
}

extension Mapper {
    /// Imports every element of `array` into `store` with this mapper's configurations (see
    /// ``Mappable/array(from:in:)``).
    ///
    /// ```swift
    /// let users = try v2.array(of: User.self, from: payload, in: store)
    /// ```
    public func array<Model: Mappable>(of model: Model.Type, from array: [Any], in store: some MappingStore) throws -> [Model] {
        try StoreImports.run(into: store, mapper: self) { session, context in
            StoreImports.survey(array, as: Model.self, session: session, in: context)
        } map: { _, context in
            try Model.models(from: array, configuration: configuration(for: model), context: context)
        }
    }

    /// Imports one model into `store` with this mapper's configurations.
    ///
    /// ```swift
    /// let user = try v2.map(["id": 7, "name": "Ann"], to: User.self, in: store)
    /// ```
    public func map<Model: Mappable>(_ dictionary: [String: Any], to model: Model.Type, in store: some MappingStore) throws -> Model {
        try StoreImports.run(into: store, mapper: self) { session, context in
            StoreImports.survey([dictionary], as: Model.self, session: session, in: context)
        } map: { _, context in
            try Model.instantiate(from: dictionary, configuration: configuration(for: model), context: context)
        }
    }
}
