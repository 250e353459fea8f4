/// One import into a store: the objects of each type met so far, by primary key, and what to
/// put back if it fails. Shared by every nested model of the call (through ``MappingCall``).
///
/// An import runs on one thread; hence the unchecked sendability.
final class ImportSession: @unchecked Sendable {
    let store: any MappingStore
    /// Each model type's table, in the order the types were first met: the order prefetches and
    /// saves run in. (A list searched in order: an import meets a handful of types, and comparing
    /// identifiers costs less than hashing one.)
    private var tables: [(type: ObjectIdentifier, table: any ImportTabling)] = []
    private var backups: [ObjectIdentifier: ObjectBackup] = [:]
    /// The references each object's dictionary makes, noted by the survey: the objects it
    /// needs before it can be mapped.
    var dependencies: [ObjectID: [Dependency]] = [:]
    /// The objects whose dictionaries the survey is inside, innermost last.
    var surveying: [ObjectID] = []
    /// Objects that failed to map when a reference asked for them early.
    private var failed: Set<ObjectID> = []
    /// Puts each class instance the import made back to a new instance's state, should the
    /// import fail: references between them (cycles included) are let go with them.
    private var resets: [() -> Void] = []
    /// How many objects the import maps at the top level (at most 1,024): the room each table
    /// starts with.
    var expectedObjects = 0
    /// The context stores map rows in (the call's settings, at depth 0).
    private(set) var rootContext = MappingContext()
    /// The store, when it is an `IdentityMap`: its objects are looked up one key at a time
    /// when first needed, never prefetched.
    private var memoryStore: IdentityMap?
    /// The store held no object when the import began (an empty `IdentityMap`): no key is
    /// looked up in it.
    private var storeHoldsNothing = false
    /// Whether the survey can be left out when the payload refers to nothing (see
    /// ``refersAnywhere(_:as:plan:in:)``): the store is looked up in memory, key by key.
    var surveyIsForReferencesOnly: Bool { memoryStore != nil }
    /// The survey only looks for references (``refersAnywhere(_:as:plan:in:)``), noting nothing.
    var scansForReferences = false
    var foundReference = false

    init(store: any MappingStore) {
        self.store = store
    }

    /// What the store is handed: this import, through its public face.
    var face: StoreImport { StoreImport(session: self, context: rootContext) }

    /// The same, for saving objects with the primary keys `keys`.
    func face(saving keys: [PrimaryKey]) -> StoreImport {
        StoreImport(session: self, context: rootContext, savedKeys: keys)
    }

    func start(in context: MappingContext) {
        rootContext = context
    }

    /// Notes what the store holds, once the import has begun (no other import can save into
    /// it until this one ends).
    func lookAtStore() {
        memoryStore = store as? IdentityMap
        storeHoldsNothing = memoryStore?.holdsNothing ?? false
    }

    /// Lets go of the call's context (whose call holds this session: a cycle until now) and of
    /// every object and dictionary the import kept.
    func end() {
        rootContext = MappingContext()
        tables = []
        backups = [:]
        dependencies = [:]
        failed = []
        resets = []
    }

    func table<Model: Mappable>(_: Model.Type) -> ImportTable<Model> {
        let id = ObjectIdentifier(Model.self)
        // Tables are kept by their model type's identifier, so the one found is an
        // `ImportTable<Model>`: no dynamic cast (which was 5% of an import).
        for entry in tables where entry.type == id { return unsafeDowncast(entry.table, to: ImportTable<Model>.self) }
        let table = ImportTable<Model>(capacity: expectedObjects)
        tables.append((id, table))
        return table
    }

    // MARK: Looking up

    /// The object with `key`: one met already, or the store's (asked now, with every other key
    /// of the payload it has not been asked about when `key` is one of them).
    /// Whether the import has an object for `key` (at `position` in `table`): one met
    /// already, or the store's (asked now, with every other key of the payload it has not been
    /// asked about when `key` is one of them).
    func hasExisting<Model: Mappable>(_ key: PrimaryKey, at position: Int, in table: ImportTable<Model>) throws -> Bool {
        if table[position].hasObject { return true }
        if let memoryStore {
            return !storeHoldsNothing && memoryStore.copy(key, into: table, at: position)
        }
        guard !table[position].asked else { return false }
        if table[position].wanted {
            try fetch(table.takeWanted(), into: table, marked: true)
        } else {
            try fetch([key], into: table)
        }
        return table[position].hasObject
    }

    /// Asks the store for `keys` once (`marked`: the table notes them as asked already), and
    /// keeps what it gives; returns the positions of the import's objects for what it gave, in
    /// the store's order (the objects themselves are not copied out unless a caller asks).
    @discardableResult
    func fetch<Model: Mappable>(_ keys: [PrimaryKey], into table: ImportTable<Model>, marked: Bool = false) throws -> [Int] {
        if !marked { table.markAsked(keys) }
        let plan = try plan(for: Model.self, in: rootContext)
        let found: [Model]
        do {
            found = try store.fetch(Model.self, keys: keys, in: face)
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
        var positions: [Int] = []
        positions.reserveCapacity(found.count)
        // By index, not `map` or `for in`: this generic code is not specialized, and building
        // an array of `Model`s looked up its metadata for every element.
        for index in found.indices {
            let position = table.position(of: try found[index].primaryKey(with: plan))
            if !table[position].hasObject { table.keep(found[index], at: position, changes: false) }
            positions.append(position)
        }
        return positions
    }

    /// Asks the store, once per type, for every key the survey found.
    func prefetch() throws {
        guard memoryStore == nil else { return }
        for entry in tables { try entry.table.prefetch(in: self) }
    }

    func plan<Model: Mappable>(for type: Model.Type, in context: MappingContext) throws -> ObjectPlan {
        try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
    }

    // MARK: Mapping

    /// The model for `dictionary`: the stored one with its primary key, updated, or a new one;
    /// either way the import's one object for that key. `changes`: the model is saved with the
    /// import (not so for rows a store hands back).
    func instantiate<Model: Mappable>(
        from dictionary: [String: Any],
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext,
        changes: Bool = true
    ) throws -> Model {
        let key = try plan.primaryKey(in: plan.rewritesInput ? plan.rewritten(dictionary, in: context) : dictionary, context: context)
        let table = table(Model.self)
        let position = table.position(of: key)
        if try hasExisting(key, at: position, in: table) {
            var model = table.object(at: position)
            try prepare(ObjectID(Model.self, key))
            if plan.isObject { backUp(model as AnyObject, in: context) }
            // The stored object is updated in place: absent keys keep what the store holds.
            var updating = context
            updating.updatesInPlace = true
            if plan.defaults.updatesByDefault, ObjectIdentifier(type(of: model)) == ObjectIdentifier(Model.self) {
                // MappingKit's own update, with the plan at hand (a subclass instance has its own);
                // a struct is a copy here, updated straight over its values when the plan allows.
                if plan.isObject {
                    try model.applyPlan(plan, to: dictionary, in: updating)
                } else {
                    try model.updateCopy(plan, from: dictionary, in: updating)
                }
            } else {
                try CurrentCall.with(updating) { try model.update(from: dictionary, configuration: configuration) }
            }
            table.keep(model, at: position, changes: changes)
            return model
        }
        guard !table[position].inProgress else {
            throw MappingError(.mismatch(
                expected: "a \(plan.modelName) that does not contain itself (structs cannot form a cycle)",
                found: "a reference back to \(plan.modelName) \(key)"
            ))
        }
        table.withEntry(at: position) { $0.inProgress = true }
        defer { table.withEntry(at: position) { $0.inProgress = false } }
        // A new struct of a type that maps by default is built as outside an import (a class is
        // registered first, below, so that cycles find it).
        if !plan.isObject, plan.defaults.updatesByDefault, !plan.hasFactory {
            try prepare(ObjectID(Model.self, key))
            let model = try Model.build(plan, from: dictionary, in: context)
            table.keep(model, at: position, changes: changes)
            return model
        }
        var model: Model = try Self.make(from: dictionary, configuration: configuration)
        // A class is registered before its properties are mapped, so that references back to
        // it (cycles) find it.
        if plan.isObject {
            table.keep(model, at: position, changes: false)
            let object = model as AnyObject
            resets.append { ObjectBackup(of: Model() as AnyObject, plan: plan).restore(onto: object) }
        }
        // What it refers to is made first; a class is registered by then, so what refers back
        // to it finds it.
        try prepare(ObjectID(Model.self, key))
        try CurrentCall.with(context) { try model.update(from: dictionary, configuration: configuration) }
        table.keep(model, at: position, changes: changes)
        return model
    }

    /// A model from the configuration's factory, or `init()` when it makes none (kept out of
    /// `instantiate`, whose hot path must hold no `Model?`: its metadata is looked up on every
    /// call in this unspecialized generic code).
    @inline(never)
    private static func make<Model: Mappable>(from dictionary: [String: Any], configuration: MappingConfiguration) throws -> Model {
        try configuration.rules.hooks.factory?.make(Model.self, from: dictionary) ?? Model()
    }

    /// The object a foreign key refers to: met already, in the store, or later in the payload
    /// (mapped now); failing those, what `policy` says.
    func resolve<Model: Mappable>(
        _: Model.Type,
        reference: Any,
        policy: UnresolvedReference,
        in context: MappingContext
    ) throws -> Model? {
        let plan = try plan(for: Model.self, in: context)
        let key = try plan.primaryKey(reference: reference, context: context)
        let table = table(Model.self)
        guard !failed.contains(ObjectID(Model.self, key)) else {
            // Its own errors are reported where it is in the input, once.
            throw MappingError(.mismatch(
                expected: "the primary key of a \(plan.modelName) that maps (its errors are reported where it is in the input)",
                found: ValueDescription.describe(reference)
            ))
        }
        let position = table.position(of: key)
        if try hasExisting(key, at: position, in: table) { return table.object(at: position) }
        let inputs = table.withPending(at: position) { $0.takeAll() }
        if !inputs.isEmpty {
            let nested = try context.nested()
            let configuration = nested.declaredConfiguration(for: Model.self)
            var model: Model?
            for input in inputs {
                model = try instantiate(input, key: key, configuration: configuration, plan: plan, context: nested) as Model
            }
            if let model { return model }
        }
        switch policy {
        case .fail:
            throw Self.unresolved(plan.modelName, reference)
        case .null:
            return nil
        case .placeholder:
            let model = try Model.placeholder(reference: reference, plan: plan, in: context)
            table.keep(model, at: position, changes: true)
            return model
        }
    }

    static func unresolved(_ name: String, _ reference: Any, outsideImport: Bool = false) -> MappingError {
        let expected = "the primary key of a \(name) in the store or the import"
        return MappingError(.mismatch(
            expected: outsideImport ? expected + " (references resolve only in imports: map with `in:` a store)" : expected,
            found: ValueDescription.describe(reference)
        ))
    }

    /// Keeps the properties of a stored class instance as they are before the import changes it.
    private func backUp(_ object: AnyObject, in context: MappingContext) {
        let id = ObjectIdentifier(object)
        guard backups[id] == nil, let type = type(of: object) as? any Mappable.Type else { return }
        func plan<Dynamic: Mappable>(_ type: Dynamic.Type) -> ObjectPlan? {
            try? PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
        }
        guard let plan = plan(type) else { return }
        backups[id] = ObjectBackup(of: object, plan: plan)
    }

    // MARK: Resolving in order

    /// Maps, before the object `root`, every object of the payload it refers to that is not
    /// made yet, and theirs, deepest first, with a stack of its own: a chain of references as
    /// long as the payload resolves without recursion, each object one level below the import.
    /// A cycle is left to the mapping (a class is registered before its properties are mapped,
    /// so a reference back to it finds it; a struct's is an error). An object that fails is
    /// noted: its errors are reported where it is in the input, not at each reference.
    func prepare(_ root: ObjectID) throws {
        guard !dependencies.isEmpty, dependencies[root] != nil else { return }
        var path: [(id: ObjectID, next: Int, resolve: Dependency.Resolve?)] = [(root, 0, nil)]
        var onPath: Set<ObjectID> = [root]
        while let top = path.last {
            let edges = dependencies[top.id] ?? []
            var index = top.next
            var descended = false
            while index < edges.count {
                let edge = edges[index]
                index += 1
                if onPath.contains(edge.target) {
                    // A cycle: a class's is resolved when met; structs cannot hold one, which
                    // the mapping reports.
                    guard edge.isObject else { return }
                    continue
                }
                guard !failed.contains(edge.target), isPending(edge.target) else { continue }
                path[path.count - 1].next = index
                path.append((edge.target, 0, edge.resolve))
                onPath.insert(edge.target)
                descended = true
                break
            }
            if descended { continue }
            path.removeLast()
            onPath.remove(top.id)
            guard let resolve = top.resolve else { continue }
            do {
                try resolve(rootContext)
            } catch {
                failed.insert(top.id)
            }
        }
    }

    /// Whether the payload holds a dictionary for `id` that is not mapped yet.
    private func isPending(_ id: ObjectID) -> Bool {
        tables.first { $0.type == id.type }?.table.isPending(id.key) ?? false
    }

    // MARK: Ending

    /// Saves every object made or changed, type by type.
    func save() throws {
        for entry in tables {
            do {
                try entry.table.save(in: self)
            } catch {
                throw MappingError.wrapping(error, at: [])
            }
        }
    }

    /// The import failed: every stored class instance it changed is put back, and every one it
    /// made is emptied.
    func restore() {
        for backup in backups.values { backup.restore() }
        backups = [:]
        for reset in resets { reset() }
        resets = []
    }
}

extension ImportSession: ModelImporting {
    func referencedModel<Model: Mappable>(_ type: Model.Type, reference: Any, in context: MappingContext) throws -> Model {
        guard let model = try resolve(Model.self, reference: reference, policy: .fail, in: context) else {
            throw ImportSession.unresolved(ValueDescription.typeName(Model.self), reference)
        }
        return model
    }

    func importedModel<Model: Mappable>(from dictionary: [String: Any], configuration: MappingConfiguration, context: MappingContext) throws -> Model {
        try instantiate(from: dictionary, configuration: configuration, plan: PlanCache.plan(for: Model.self, configuration: configuration), context: context)
    }
}
