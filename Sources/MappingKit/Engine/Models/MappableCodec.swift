import Foundation

/// A codec that reads an object holding a key its parent consumed (``MappableCodec``). Not
/// parameterized by its value (a parameterized existential needs macOS 13 / iOS 16): the model
/// it gives is checked by its caller.
protocol DiscriminatedDecoding {
    func decodeModel(_ input: Any, in context: MappingContext, discriminator: String) throws -> Any
}

extension MappableCodec: DiscriminatedDecoding {
    func decodeModel(_ input: Any, in context: MappingContext, discriminator: String) throws -> Any {
        try decode(input, in: context, discriminator: discriminator)
    }
}

/// A nested model: a dictionary hydrated into a fresh `Model()` through the model's own
/// `update(from:configuration:)`, so a nested type's overrides run too (recursive hydration).
struct MappableCodec<Model: Mappable>: ValueCodec {
    /// The plan of the last model this codec read (codecs are made once per type).
    let plans = PlanMemo()

    /// A collection of models already made (`[Model]`) is taken as it is.
    var traits: CodecTraits { [.decodesUnchanged, .mergesUpdates] }

    func decode(_ input: Any, in context: MappingContext) throws -> Model {
        let nested = try context.nested()
        let configuration = nested.declaredConfiguration(for: Model.self)
        return try decode(input, in: context, nested: nested, configuration: configuration, plan: plan(for: configuration))
    }

    /// A model read from an object that holds its parent's discriminator (an internally tagged
    /// enum's tag): the model's own undefined-key policy passes `discriminator` over, and a
    /// property it maps to that key reads it.
    func decode(_ input: Any, in context: MappingContext, discriminator: String) throws -> Model {
        var nested = try context.nested()
        nested.discriminator = discriminator
        let configuration = nested.declaredConfiguration(for: Model.self)
        return try decode(input, in: context, nested: nested, configuration: configuration, plan: plan(for: configuration))
    }

    /// The plan for `configuration`, or `nil` when it does not compile (`instantiate` then
    /// reports why, wherever a model is made).
    private func plan(for configuration: MappingConfiguration) -> ObjectPlan? {
        try? plans.plan(for: Model.self, configuration: configuration)
    }

    /// A model for `input` one level down from `context`, in `nested`, with the
    /// configuration the type declares.
    private func decode(
        _ input: Any,
        in context: MappingContext,
        nested: MappingContext,
        configuration declared: MappingConfiguration,
        plan: ObjectPlan?
    ) throws -> Model {
        guard let dictionary = InputValue.dictionary(input) else {
            // In an import, a model with an identity may be given by its primary key (a row's
            // foreign key column).
            if let importing = context.importing, declared.rules.hasIdentity, !declared.rules.isPositional {
                return try Self.resolve(input, in: importing, context: context)
            }
            if declared.rules.isPositional, let array = InputValue.array(input) {
                return try Positions.decode(array) { dictionary in
                    try Model.instantiate(from: dictionary, configuration: declared, context: nested)
                }
            }
            return try mismatch(input, expected: "\(ValueDescription.typeName(Model.self)) (a dictionary)", in: context)
        }
        // The common case, without the detours of `instantiate`: a type known to use the
        // default update, with no factory.
        if let plan, plan.builds(in: context) { return try Model.build(plan, from: dictionary, in: nested) }
        // In an import, a model with an identity goes to the import with the plan at hand.
        if let plan, plan.identity != nil, let importing = context.importing {
            do {
                return try importing.importedModel(from: dictionary, configuration: declared, context: nested)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
        return try Model.instantiate(from: dictionary, configuration: declared, context: nested)
    }

    /// An update merges an object into the model there is (RFC 7396): a struct's value is
    /// updated as `update(from:)` updates it, a class instance keeps its identity (its
    /// properties as they were are put back if the update that reached it fails). In an import,
    /// a model with an identity is the one its key names, never merged into another.

    ///
    /// When a model is made (not updated), `current` is the property's declared default
    /// (``FieldSlot/mergesDefault``): the nested model is made from it as the top model is made
    /// from `init()`, its absent keys keeping the default's values.
    func merge(_ input: Any, into current: Model, in context: MappingContext) throws -> Model {
        guard let dictionary = InputValue.dictionary(input) else { return try decode(input, in: context) }
        guard context.updatesInPlace else { return try make(input, dictionary, onto: current, in: context) }
        var nested = try context.nested()
        let declared = nested.declaredConfiguration(for: Model.self)
        if declared.rules.isPositional || (context.hasSession && declared.rules.hasIdentity) {
            return try decode(input, in: context)
        }
        nested.updatesInPlace = true
        var model = current
        do {
            guard Model.self is AnyClass else {
                try CurrentCall.with(nested) { try model.update(from: dictionary, configuration: declared) }
                return model
            }
            let object = model as AnyObject
            let backup = ObjectBackup(of: object, plan: try PlanCache.plan(for: Model.self, configuration: declared))
            try CurrentCall.with(nested) { try model.update(from: dictionary, configuration: declared) }
            context.keepMerged(backup)
            return model
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// The model for `dictionary` (which is `input`) made from `start` instead of `init()`, as
    /// `decode` makes it: a type with a factory, a positional one, or one with an identity in an
    /// import is made the way it always is. So is a class instance inside another model's
    /// declared default (`context.startsFromDefault`): only where the plan's compiler saw that
    /// every new model holds an instance of its own is one mapped onto, never one that others
    /// may share (`Settings.shared`).
    private func make(_ input: Any, _ dictionary: [String: Any], onto start: Model, in context: MappingContext) throws -> Model {
        var nested = try context.nested()
        let declared = nested.declaredConfiguration(for: Model.self)
        if declared.rules.isPositional || declared.rules.hasFactory || (context.hasSession && declared.rules.hasIdentity)
            || (context.startsFromDefault && Model.self is AnyClass) {
            return try decode(input, in: context, nested: nested, configuration: declared, plan: plan(for: declared))
        }
        nested.startsFromDefault = true
        if let plan = plan(for: declared), plan.builds(in: context) { return try Model.build(plan, onto: start, from: dictionary, in: nested) }
        var model = start
        do {
            try CurrentCall.with(nested) { try model.update(from: dictionary, configuration: declared) }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
        return model
    }

    /// The model `input`, a primary key, stands for in the import (kept out of `decode`, whose
    /// hot path must hold no `Model?`: its metadata is looked up on every call in this
    /// unspecialized generic code).
    @inline(never)
    private static func resolve(_ input: Any, in importing: any ModelImporting, context: MappingContext) throws -> Model {
        try importing.referencedModel(Model.self, reference: input, in: context)
    }

    /// Every element in one loop: the nested context, the configuration and the plan are found
    /// once for the whole array.
    func decodeElements(of array: [Any], in context: MappingContext) throws -> [Model] {
        // When the level below is out of reach, each element reports it under its index.
        guard !array.isEmpty, let nested = try? context.nested() else {
            return try CollectionCoding.decodeElements(of: array, in: context) { try decode($0, in: context) }
        }
        let configuration = nested.declaredConfiguration(for: Model.self)
        let plan = plan(for: configuration)
        return try CollectionCoding.decodeElements(of: array, in: context) { element in
            try decode(element, in: context, nested: nested, configuration: configuration, plan: plan)
        }
    }

    func encode(_ value: Model, in context: MappingContext) throws -> Any? {
        try withUnsafePointer(to: value) { try encode(at: $0, in: context) }
    }

    /// The model where it stands, never copied (a copy retains every property).
    func encode(at slot: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        let value = slot.assumingMemoryBound(to: Model.self)
        if context.style == .store, let reference = try storeReference(to: value.pointee, in: context) { return reference }
        let nested = try context.nested()
        return try encode(value, nested: nested, configuration: nested.declaredConfiguration(for: Model.dynamicType(at: value)))
    }

    /// The representation of the model at `value` one level down, in `nested`, with
    /// `configuration` (its type's).
    private func encode(_ value: UnsafePointer<Model>, nested: MappingContext, configuration: MappingConfiguration) throws -> Any? {
        let dictionary = try representation(of: value, in: nested, configuration: configuration)
        guard configuration.rules.isPositional else { return dictionary }
        return Positions.encode(dictionary)
    }

    /// Every element in one loop: a struct's nested context and configuration are found once
    /// for the whole array (a class's elements may each be of a subclass of their own).
    func encodeElements(of elements: [Model], in context: MappingContext) throws -> [Any] {
        // When the level below is out of reach, each element reports it under its index.
        // `count > 0`, not `isEmpty`: in this unspecialized code `isEmpty` is a Collection
        // witness lookup per array.
        guard !(Model.self is AnyClass), elements.count > 0, context.style != .store, let nested = try? context.nested() else {
            return try CollectionCoding.encodeElements(of: elements, in: context) { try encode(at: $0, in: context) }
        }
        let configuration = nested.declaredConfiguration(for: Model.self)
        // The plan, once, when the elements are written by it (not by position).
        let plan = configuration.rules.isPositional ? nil : try? plans.plan(for: Model.self, configuration: configuration)
        return try CollectionCoding.encodeElements(of: elements, in: context) { element in
            guard let plan, plan.defaults.representsByDefault else {
                return try encode(element, nested: nested, configuration: configuration)
            }
            do {
                try nested.countModel()
                return try plan.encode(UnsafeRawPointer(element), in: nested)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
    }

    /// The common case, without the detours of `encodedDictionary`: a model of exactly this
    /// type, known to have no `dictionaryRepresentation(configuration:)` override.
    private func representation(
        of value: UnsafePointer<Model>,
        in nested: MappingContext,
        configuration: MappingConfiguration
    ) throws -> [String: Any] {
        guard ObjectIdentifier(Model.dynamicType(at: value)) == ObjectIdentifier(Model.self) else {
            return try value.pointee.encodedDictionary(in: nested, configuration: configuration)
        }
        do {
            let plan = try plans.plan(for: Model.self, configuration: configuration)
            guard plan.defaults.representsByDefault else {
                return try value.pointee.encodedDictionary(in: nested, configuration: configuration)
            }
            let context = nested.hasStarted ? nested : nested.started()
            try context.countModel()
            guard plan.isObject else { return try plan.encode(UnsafeRawPointer(value), in: context) }
            return try value.pointee.withModelBytes(isObject: true) { model in
                try plan.encode(model, in: context)
            }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }
}

extension MappableCodec {
    /// In a store's row, a model with an identity is written as its primary key; `nil` for
    /// one without.
    private func storeReference(to model: Model, in context: MappingContext) throws -> Any? {
        guard context.declaredConfiguration(for: Model.self).rules.hasIdentity else { return nil }
        return try model.foreignKey(in: context)
    }
}

/// Models mapped by position: an array seen as a dictionary keyed `"0"`, `"1"`…
enum Positions {
    static func decode<Model>(_ array: [Any], _ make: ([String: Any]) throws -> Model) throws -> Model {
        var dictionary: [String: Any] = [:]
        for (index, element) in array.enumerated() { dictionary["\(index)"] = element }
        do {
            return try make(dictionary)
        } catch var error as MappingError {
            error.indexPositions()
            throw error
        }
    }

    /// The array for a dictionary keyed by position; a gap (a `nil` optional) becomes `NSNull`.
    static func encode(_ dictionary: [String: Any]) -> [Any] {
        let count = (dictionary.keys.compactMap { Int($0) }.max() ?? -1) + 1
        return (0..<count).map { dictionary["\($0)"] ?? NSNull() }
    }
}

extension MappingError {
    /// Errors inside a positional model read `location[1]`, not `location["1"]`.
    mutating func indexPositions() {
        for index in issues.indices {
            guard case .key(let key)? = issues[index].reversedPath.last, let position = Int(key) else { continue }
            issues[index].reversedPath[issues[index].reversedPath.count - 1] = .index(position)
        }
    }
}

extension MappableCodec {
    /// A nested model (``ValueShape``): formats find its plan from the type
    /// (``ObjectPlan/nested(_:in:)``).
    var valueShape: ValueShape { .model(Model.self) }

    /// Read and written through its plan.
    var direct: DirectValues { .model(Model.self) }
}

// MARK: - JSON

extension ObjectPlan {
    /// The plan a nested model of type `model` is read and written with in `context` (the nested
    /// models' context), as its codec finds it; `nil` when the model is read some other way (as
    /// an array, or by a configuration that does not compile: mapping then reports why). What a
    /// format asks of a ``ValueShape/model``.
    /// `memo`: where a caller that meets the same model again keeps the plan it met first.
    static func nested<Model: Mappable>(_ model: Model.Type, in context: MappingContext, memo: PlanMemo? = nil) -> ObjectPlan? {
        let configuration = context.declaredConfiguration(for: model)
        guard !configuration.rules.isPositional else { return nil }
        guard let memo else { return try? PlanCache.plan(for: model, configuration: configuration) }
        return try? memo.plan(for: model, configuration: configuration)
    }
}

// MARK: JSON Schema

extension MappableCodec {
    /// A reference to the model's object schema, a `$defs` entry.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        try builder.reference(to: Model.self, context: context.nested())
    }

    /// Flattened: the model's object schema itself.
    func inlineSchema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any]? {
        try builder.object(of: Model.self, context: context)
    }
}
