/// Importing a JSON array of objects into a store straight from its bytes, without making the
/// native values of the whole document first.
///
/// Two passes over the array:
/// 1. **Index and survey.** Each element's start is noted and, of an object, only the primary key
///    and the properties that can mention other models are read as native values; every other
///    member is skipped, its syntax checked as reading it would. A document with a syntax error
///    is read the native way, which reports it with its path, before the store is touched. The
///    import then notes each element as the input for its key: a reference to it from an earlier
///    element reads it from its bytes when it is met.
/// 2. **Map.** Each element is read from its bytes straight into its model, as `Model(json:)`
///    reads it; a model already stored (or met earlier in the payload) is updated in place.
///
/// Only where that gives exactly what the dictionary way gives: a struct whose type is known to
/// use MappingKit's own `update(from:configuration:)`, with no factory and no `willMap` hook, whose
/// primary key is one property read from a key of its own, and whose surveyed properties are read
/// from keys of their own. Anything else, and any element that is not an object or has no
/// readable key, goes the dictionary way.
extension Mappable {
    /// The models of the JSON array at the reader, imported into `store`; `nil`, with the reader
    /// where it was, when the type or the document is not for this path.
    static func importArray(json reader: inout JSONReader, into store: some MappingStore) throws -> [Self]? {
        guard try reader.peek() == UInt8(ascii: "["),
              let plan = try? PlanCache.plan(for: Self.self, configuration: Self.mappingConfiguration),
              plan.importsJSONDirectly else { return nil }
        // 1. Index, reading what the survey needs on the way. A syntax error (or a value the
        // native way refuses) sends the document the native way, whose reading reports it with
        // the path of the value it is in, before the store is touched.
        let start = reader.mark
        let table = plan.directKeys.table
        let wanted = (plan.identity ?? []) + plan.surveyed
        var elements: [JSONReader] = []
        var surveyed: [[String: Any]?] = []
        do {
            if try !reader.enterArray() {
                repeat {
                    elements.append(reader)
                    if try reader.peek() == UInt8(ascii: "{") {
                        surveyed.append(try reader.readMembers(table, wanted: wanted))
                    } else {
                        surveyed.append(nil)
                        try reader.skipValue()
                    }
                } while try reader.nextElement()
            }
            try reader.expectEnd()
        } catch {
            reader.reset(to: start)
            return nil
        }
        var keys: [PrimaryKey?] = Array(repeating: nil, count: elements.count)
        return try StoreImports.run(into: store, mapper: nil) { session, context in
            // The survey, from what the index read.
            guard let plan = try? session.plan(for: Self.self, in: context) else { return }
            let muted = context.muted
            session.expectedObjects = min(elements.count, 1024)
            for index in elements.indices {
                guard let members = surveyed[index] else { continue }
                keys[index] = session.survey(members, of: elements[index], as: Self.self, plan: plan, in: muted)
            }
        } map: { session, context in
            // 2. Map, collecting every element's problems under its index.
            let configuration = context.declaredConfiguration(for: Self.self)
            let plan = try session.plan(for: Self.self, in: context)
            var models: [Self] = []
            models.reserveCapacity(elements.count)
            var failure: MappingError?
            for index in elements.indices {
                do {
                    let element = JSONElement(reader: elements[index])
                    models.append(try element.instantiate(Self.self, key: keys[index], in: session, configuration: configuration, plan: plan, context: context))
                } catch {
                    try failure.collect(MappingError.wrapping(error, at: .index(index)), in: context)
                }
            }
            if let failure { throw failure }
            return models
        }
    }
}

extension ObjectPlan {
    /// A JSON payload of this type is imported from its bytes (see `importArray(json:into:)`).
    var importsJSONDirectly: Bool {
        guard !isObject, readsDirectly, !hasFactory, let identity, identity.count == 1 else { return false }
        let direct = directKeys.direct
        return direct[identity[0]] && surveyed.allSatisfy { direct[$0] }
    }
}

/// A payload's element kept as its place in the document: read from its bytes when the import
/// needs its model. The reader is a copy positioned at the element, valid while the document's
/// bytes are, which outlive the import (`importArray(json:into:)` runs inside the read).
struct JSONElement: DeferredInput {
    let reader: JSONReader

    func instantiate<Model: Mappable>(
        _: Model.Type,
        key: PrimaryKey?,
        in session: ImportSession,
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext
    ) throws -> Model {
        var reader = reader
        guard let key, !context.isReporting, try reader.peek() == UInt8(ascii: "{") else {
            // Not an object, or no key to read: the dictionary way says what is wrong, or maps it
            // (and a reporting call keeps its report's paths there).
            let value = try reader.readAny()
            guard let dictionary = InputValue.dictionary(value) else {
                throw MappingError(.mismatch(expected: "\(ValueDescription.typeName(Model.self)) (a dictionary)", found: ValueDescription.describe(value)))
            }
            return try session.instantiate(from: dictionary, configuration: configuration, plan: plan, context: context)
        }
        return try session.instantiate(json: &reader, key: key, configuration: configuration, plan: plan, context: context)
    }
}

extension ImportSession {
    /// Notes the primary key of an object whose surveyed members are `members` (and the object,
    /// at `element`, as the input for that key) and everything those members mention; returns the
    /// key, or `nil` when there is none to read (the element is then mapped the dictionary way,
    /// which reports why).
    func survey<Model: Mappable>(_ members: [String: Any], of element: JSONReader, as _: Model.Type, plan: ObjectPlan, in context: MappingContext) -> PrimaryKey? {
        guard let key = try? plan.primaryKey(in: members, context: context) else { return nil }
        let table = table(Model.self)
        table.withPending(at: table.want(key)) { $0.append(.deferred(JSONElement(reader: element))) }
        survey(members, as: Model.self, plan: plan, in: context, notesPending: false)
        return key
    }

    /// The model for the object at `reader` (``ModelImporting``'s JSON part): its key read ahead
    /// and the object read from the bytes into the import's one model for that key where the type
    /// allows, else the object read as a dictionary and imported as one.
    func importedModel<Model: Mappable>(json reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext) throws -> Model {
        // No `Model?` here: this generic code would look its metadata up on every call.
        guard let (key, plan) = keyAhead(json: reader, of: Model.self, in: context) else {
            return try Model.instantiate(from: try reader.readObject(), configuration: configuration, context: context)
        }
        do {
            return try instantiate(json: &reader, key: key, configuration: configuration, plan: plan, context: context)
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// The primary key of the object at `reader`, read ahead from the bytes, and the plan to read
    /// the object with, when `Model` is imported from bytes (``ObjectPlan/importsJSONDirectly``)
    /// and the object has a key to read; `nil` otherwise (the dictionary way then maps it, or says
    /// what is wrong).
    func keyAhead<Model: Mappable>(json reader: JSONReader, of _: Model.Type, in context: MappingContext) -> (PrimaryKey, ObjectPlan)? {
        guard !context.isReporting, let plan = try? plan(for: Model.self, in: context), plan.importsJSONDirectly,
              let identity = plan.identity else { return nil }
        var lookahead = reader
        guard (try? lookahead.peek()) == UInt8(ascii: "{"),
              let members = try? lookahead.readMembers(plan.directKeys.table, wanted: [identity[0]]),
              let key = try? plan.primaryKey(in: members, context: context.muted) else { return nil }
        return (key, plan)
    }

    /// Makes or updates the model for `key` from the object at the reader, as
    /// ``instantiate(from:configuration:plan:context:changes:)`` does from a dictionary: a model
    /// already there (stored, or met earlier in the payload) is updated in place, absent keys
    /// keeping what it holds; a new one is read into a fresh model.
    func instantiate<Model: Mappable>(
        json reader: inout JSONReader,
        key: PrimaryKey,
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext
    ) throws -> Model {
        let table = table(Model.self)
        let position = table.position(of: key)
        if try hasExisting(key, at: position, in: table) {
            var model = table.object(at: position)
            try prepare(ObjectID(Model.self, key))
            var context = context
            context.updatesInPlace = true
            try model.applyPlan(json: &reader, plan: plan, in: context, isDocument: false)
            table.keep(model, at: position, changes: true)
            return model
        }
        guard !table[position].inProgress else {
            // A struct that contains itself: the dictionary way reports it.
            return try instantiate(from: try reader.readObject(), configuration: configuration, plan: plan, context: context)
        }
        table.withEntry(at: position) { $0.inProgress = true }
        defer { table.withEntry(at: position) { $0.inProgress = false } }
        try prepare(ObjectID(Model.self, key))
        var model = Model()
        try model.applyPlan(json: &reader, plan: plan, in: context, isDocument: false)
        table.keep(model, at: position, changes: true)
        return model
    }
}

extension JSONReader {
    /// The members of the object at the reader whose keys the table maps to one of the `wanted`
    /// field indexes, as native values under their keys; every other member is skipped.
    mutating func readMembers(_ table: KeyTable, wanted: [Int]) throws -> [String: Any] {
        var members: [String: Any] = [:]
        if try enterObject() { return members }
        repeat {
            let key = try readKey()
            if let index = value(for: key, in: table), index >= 0, wanted.contains(index) {
                members[text(of: key)] = try readAny()
            } else {
                try skipValue()
            }
        } while try nextMember()
        return members
    }
}
