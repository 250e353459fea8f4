import Foundation

/// An in-memory store: one object per model type and primary key. Imports into it update the
/// objects it holds (class instances keep their identity; struct values are replaced), so a
/// payload imported twice gives the same objects, and graphs come out shared.
///
/// ```swift
/// let people = IdentityMap()
/// let first = try Person.array(from: payload, in: people)
/// let again = try Person.array(from: edited, in: people)
/// first[0] === again[0]                              // true: updated in place
/// people.object(Person.self, key: PrimaryKey(1))     // the same object
/// ```
///
/// Safe to share between threads; imports into one map run one at a time.
public final class IdentityMap: MappingStore, Sendable {
    private struct Contents {
        /// Per model type, a ``Objects`` of that type: objects kept as themselves, not boxed in
        /// `Any` (a box to allocate on every save, a cast on every look-up).
        var objects: [ObjectIdentifier: AnyObject] = [:]

        /// The table of `Model`s, if the map holds one.
        func table<Model: Mappable>(_: Model.Type) -> Objects<Model>? {
            // Kept under the type's own identifier, so the table is an `Objects<Model>`.
            objects[ObjectIdentifier(Model.self)].map { unsafeDowncast($0, to: Objects<Model>.self) }
        }
    }

    /// The objects of one model type, by primary key (only ever touched under the map's lock).
    ///
    /// Keys map to positions in a buffer of models: a `[PrimaryKey: Int]` is hashed by code
    /// specialized for it, where a `[PrimaryKey: Model]` in this unspecialized generic code
    /// cost a thousand instructions more per look-up; the buffer is a plain pointer, so that
    /// reading and replacing a model needs no generic metadata.
    final class Objects<Model> {
        private var positions: [PrimaryKey: Int] = [:]
        private var models: UnsafeMutablePointer<Model>
        private(set) var count = 0
        private var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            models = .allocate(capacity: self.capacity)
        }

        deinit {
            models.deinitialize(count: count)
            models.deallocate()
        }

        func model(for key: PrimaryKey) -> Model? {
            guard let position = positions[key] else { return nil }
            return models[position]
        }

        /// The models kept for `keys` (those it has), in the order of `keys`: built straight into
        /// the result's buffer, with no `Model?` (whose metadata this unspecialized generic code
        /// would look up per key).
        func models(for keys: [PrimaryKey]) -> [Model] {
            let found = keys.compactMap { positions[$0] }
            return [Model](unsafeUninitializedCapacity: found.count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                for position in found {
                    (base + initialized).initialize(to: models[position])
                    initialized += 1
                }
            }
        }

        /// Hands the model kept for `key` to `body`, and says whether there was one (no
        /// `Model?`, as above).
        func withModel(for key: PrimaryKey, _ body: (Model, _ position: Int) -> Void) -> Bool {
            guard let position = positions[key] else { return false }
            body(models[position], position)
            return true
        }

        /// Replaces the model at `position` (one ``withModel(for:_:)`` handed out).
        func replace(_ model: Model, at position: Int) {
            models[position] = model
        }

        /// Every model, in the order they were first kept.
        var all: [Model] {
            Array(UnsafeBufferPointer(start: models, count: count))
        }

        /// Keeps `objects[i]` for `keys[i]`, replacing the ones kept for those keys. The state is
        /// moved into locals for the loop: a class's stored properties are checked for exclusive
        /// access on every use.
        func keep(_ objects: [Model], for keys: [PrimaryKey]) {
            var positions: [PrimaryKey: Int] = [:]
            swap(&positions, &self.positions)
            var (models, count, capacity) = (self.models, self.count, self.capacity)
            defer {
                swap(&positions, &self.positions)
                (self.models, self.count, self.capacity) = (models, count, capacity)
            }
            positions.reserveCapacity(count + keys.count)
            // By index, not `zip`: this generic code is not specialized, and `zip`'s iterator
            // cost more than the rest of saving.
            for index in keys.indices {
                // One hash: the default's slot is made in place when the key is new.
                let position = ImportKeys.claim(&positions[keys[index], default: -1], next: count)
                if position < count {
                    models[position] = objects[index]
                    continue
                }
                if count == capacity {
                    let larger = capacity * 2
                    let moved = UnsafeMutablePointer<Model>.allocate(capacity: larger)
                    moved.moveInitialize(from: models, count: count)
                    models.deallocate()
                    models = moved
                    capacity = larger
                }
                (models + count).initialize(to: objects[index])
                count += 1
            }
        }
    }

    private let contents = Locked(Contents())
    /// Held from ``beginImport()`` to ``commitImport()`` or ``rollbackImport()``, so that two
    /// imports into one map never update its objects at once.
    private let importLock = NSLock()

    /// An empty map.
    ///
    /// ```swift
    /// let store = IdentityMap()
    /// let users = try User.array(from: payload, in: store)
    /// ```
    public init() {}

    /// The object of `type` with primary key `key`, if the map holds one.
    ///
    /// ```swift
    /// let ann: User? = store.object(User.self, key: PrimaryKey(7))
    /// ```
    public func object<Model: Mappable>(_ type: Model.Type, key: PrimaryKey) -> Model? {
        contents.withLock { $0.table(type)?.model(for: key) }
    }

    /// Every object of `type` the map holds, in no particular order.
    ///
    /// ```swift
    /// let users = store.objects(of: User.self)
    /// ```
    public func objects<Model: Mappable>(of type: Model.Type) -> [Model] {
        contents.withLock { $0.table(type)?.all ?? [] }
    }

    /// How many objects of `type` the map holds.
    ///
    /// ```swift
    /// store.count(of: User.self)   // 2
    /// ```
    public func count<Model: Mappable>(of type: Model.Type) -> Int {
        contents.withLock { $0.table(type)?.count ?? 0 }
    }

    /// The stored objects among `keys`.
    ///
    /// ```swift
    /// // Called by imports: the stored Users among keys 7 and 9.
    /// let found = try store.fetch(User.self, keys: [PrimaryKey(7), PrimaryKey(9)], in: session)
    /// ```
    public func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        contents.withLock { $0.table(type)?.models(for: keys) ?? [] }
    }

    /// Keeps `objects`, replacing those with the same primary keys.
    ///
    /// ```swift
    /// // Called by imports, once per type, when the whole payload mapped.
    /// try store.save(users, in: session)
    /// ```
    public func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
        let keys = try store.keys(of: objects, savedBy: self)
        contents.withLock { contents in
            let stored: Objects<Model>
            if let table = contents.table(Model.self) {
                stored = table
            } else {
                stored = Objects(capacity: keys.count)
                contents.objects[ObjectIdentifier(Model.self)] = stored
            }
            stored.keep(objects, for: keys)
        }
    }

    /// Waits until no other import into this map runs (objects are saved only once the whole
    /// import has mapped, so there is nothing else to open).
    ///
    /// ```swift
    /// // Called by imports: the import waits for any other import into `store`.
    /// try store.beginImport()
    /// ```
    public func beginImport() throws {
        importLock.lock()
    }

    /// `true` when the map holds no object of any type (read by an import once it has begun,
    /// when no other import can save into the map).
    var holdsNothing: Bool {
        contents.withLock { $0.objects.isEmpty }
    }

    /// Keeps the object of `Model` with `key`, if the map holds one, in `table` at `position`:
    /// what an import looks up one key at a time (a lookup in memory gains nothing from being
    /// asked with other keys, and asking through ``fetch(_:keys:in:)`` makes two arrays).
    func copy<Model: Mappable>(_ key: PrimaryKey, into table: ImportTable<Model>, at position: Int) -> Bool {
        contents.withLock { contents in
            // The type's objects are found once per import (a generic look-up that cost as much
            // as the key's): the map keeps the same `Objects` for a type until it is released.
            if !table.lookedUpStored {
                table.stored = contents.table(Model.self)
                table.lookedUpStored = true
            }
            return table.stored?.withModel(for: key) { model, storePosition in
                table.keep(model, at: position, changes: false)
                table.setStorePosition(storePosition, at: position)
            } ?? false
        }
    }

    /// Puts back, where the map keeps them, the objects of `table` the map gave and the import
    /// changed (see ``ImportKeys/Entry/storePosition``): a save with no look-up per key.
    func replace<Model: Mappable>(from table: ImportTable<Model>) {
        contents.withLock { _ in
            guard let stored = table.stored else { return }
            for position in table.changed where table[position].hasObject && table[position].storePosition >= 0 {
                stored.replace(table.object(at: position), at: table[position].storePosition)
            }
        }
    }

    /// Lets the next import in.
    ///
    /// ```swift
    /// try store.commitImport()   // called by imports when every model is saved
    /// ```
    public func commitImport() throws {
        importLock.unlock()
    }

    /// Lets the next import in (the import saved nothing, and put back what it changed).
    ///
    /// ```swift
    /// store.rollbackImport()   // called by imports that failed
    /// ```
    public func rollbackImport() {
        importLock.unlock()
    }
}
