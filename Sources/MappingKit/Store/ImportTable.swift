/// The keys of one model type in an import and what the import knows about each: one entry
/// per primary key it meets, found by one hash of the key, with every fact the import tracks
/// about that object (asked, wanted, pending inputs, in progress, changed) a field of the
/// entry. (Separate sets and dictionaries per fact hashed each key about a dozen times per
/// object, a third of an import's time.)
///
/// Not generic, so that its bookkeeping runs without looking up generic metadata (an import
/// calls it from unspecialized code); ``ImportTable`` adds the models.
class ImportKeys {
    struct Entry {
        /// The store has been asked about the key, found or not.
        var asked = false
        /// The payload mentions the key and the store has not been asked about it yet.
        var wanted = false
        /// A struct model with this key is being mapped: a reference back to it is a cycle
        /// values cannot hold.
        var inProgress = false
        /// The object is made or changed by the import, so saved with it.
        var changed = false
        /// The import has an object for the key (``ImportTable/object(at:)``).
        var hasObject = false
        /// The payload's dictionaries for the key, for references met before their objects.
        var pending = PendingInputs()
        /// Where the store keeps the object, when the store is an `IdentityMap` that gave it
        /// (-1 otherwise): saving replaces it there, with no look-up.
        var storePosition = -1
    }

    private struct State {
        var positions: [PrimaryKey: Int] = [:]
        var keys: [PrimaryKey] = []
        var entries: [Entry] = []
        /// Positions of the objects made or changed, in the order they first were.
        var changed: [Int] = []
        /// How many entries are wanted: the store is asked for them all at once.
        var wantedCount = 0
    }

    /// The state, behind a pointer: a class's stored `var`s are checked for exclusive access
    /// at run time on every access (9% of an import, for a table only its import touches).
    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Positions of the objects made or changed, in the order they first were.
    final var changed: [Int] { state.pointee.changed }

    /// Room for `count` keys without growing (the number of objects an import maps at the
    /// top level: a table of nested models holds about as many, or fewer).
    final func reserve(_ count: Int) {
        state.pointee.positions.reserveCapacity(count)
        state.pointee.keys.reserveCapacity(count)
        state.pointee.entries.reserveCapacity(count)
    }

    /// The position of `key`'s entry, made if the import has not met the key yet.
    final func position(of key: PrimaryKey) -> Int {
        let next = state.pointee.entries.count
        // One hash: the default's slot is made in place when the key is new.
        let position = Self.claim(&state.pointee.positions[key, default: -1], next: next)
        if position == next {
            state.pointee.keys.append(key)
            state.pointee.entries.append(Entry())
        }
        return position
    }

    /// The position in `slot`, set to `next` first when it holds none (-1).
    static func claim(_ slot: inout Int, next: Int) -> Int {
        if slot < 0 { slot = next }
        return slot
    }

    /// Notes where the store keeps the object at `position` (see ``Entry/storePosition``).
    final func setStorePosition(_ storePosition: Int, at position: Int) {
        state.pointee.entries[position].storePosition = storePosition
    }

    final func key(at position: Int) -> PrimaryKey {
        state.pointee.keys[position]
    }

    /// The entry at `position` (changed in place through ``withEntry(at:_:)``).
    final subscript(position: Int) -> Entry {
        state.pointee.entries[position]
    }

    /// Runs `body` on the entry at `position`, in place.
    final func withEntry<Result>(at position: Int, _ body: (inout Entry) -> Result) -> Result {
        body(&state.pointee.entries[position])
    }

    /// Runs `body` on the pending inputs of the entry at `position`, in place.
    final func withPending<Result>(at position: Int, _ body: (inout PendingInputs) -> Result) -> Result {
        body(&state.pointee.entries[position].pending)
    }

    /// Notes the object at `position` as made or changed, so saved with the import.
    final func markChanged(_ position: Int) {
        guard !state.pointee.entries[position].changed else { return }
        state.pointee.entries[position].changed = true
        state.pointee.changed.append(position)
    }

    /// Notes that the payload mentions `key`, so that the store is asked for it with the others.
    @discardableResult
    final func want(_ key: PrimaryKey) -> Int {
        let position = position(of: key)
        if !state.pointee.entries[position].asked, !state.pointee.entries[position].wanted {
            state.pointee.entries[position].wanted = true
            state.pointee.wantedCount += 1
        }
        return position
    }

    /// Every wanted key, in the order the payload mentions them, now noted as asked.
    final func takeWanted() -> [PrimaryKey] {
        guard state.pointee.wantedCount > 0 else { return [] }
        var taken: [PrimaryKey] = []
        taken.reserveCapacity(state.pointee.wantedCount)
        for position in state.pointee.entries.indices where state.pointee.entries[position].wanted {
            taken.append(state.pointee.keys[position])
            state.pointee.entries[position].wanted = false
            state.pointee.entries[position].asked = true
        }
        state.pointee.wantedCount = 0
        return taken
    }

    /// Notes `keys` as asked of the store.
    final func markAsked(_ asked: [PrimaryKey]) {
        for key in asked {
            let position = position(of: key)
            if state.pointee.entries[position].wanted {
                state.pointee.entries[position].wanted = false
                state.pointee.wantedCount -= 1
            }
            state.pointee.entries[position].asked = true
        }
    }

    final var hasWanted: Bool { state.pointee.wantedCount > 0 }

    /// Whether the entry for `key` holds a dictionary of the payload and no object yet.
    final func hasPendingOnly(_ key: PrimaryKey) -> Bool {
        guard let position = state.pointee.positions[key] else { return false }
        return !state.pointee.entries[position].pending.isEmpty && !state.pointee.entries[position].hasObject
    }

    /// How many keys the import has met.
    final var count: Int { state.pointee.entries.count }
}

/// The objects of one model type in an import, found in the store or made, by their keys'
/// positions in ``ImportKeys``.
///
/// The objects live in a buffer of their own, initialized where ``ImportKeys/Entry/hasObject``
/// says: an array of `Model?` made this unspecialized generic code look up `Optional<Model>`'s
/// metadata on every access (8% of an import).
final class ImportTable<Model: Mappable>: ImportKeys, ImportTabling {
    private var objects: UnsafeMutablePointer<Model>
    private var capacity: Int
    /// The objects of `Model` an `IdentityMap` store holds, once looked up (by the map, under
    /// its lock: see ``IdentityMap/copy(_:into:at:)``).
    var stored: IdentityMap.Objects<Model>?
    var lookedUpStored = false

    /// A table with room for `capacity` objects before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        objects = .allocate(capacity: self.capacity)
        super.init()
        reserve(capacity)
    }

    deinit {
        for position in 0..<min(count, capacity) where self[position].hasObject {
            (objects + position).deinitialize(count: 1)
        }
        objects.deallocate()
    }

    /// The object at `position`, which ``ImportKeys/Entry/hasObject`` says is there.
    func object(at position: Int) -> Model {
        objects[position]
    }

    /// Keeps `model` as the object at `position`; `changes`: saved with the import.
    func keep(_ model: Model, at position: Int, changes: Bool) {
        if self[position].hasObject {
            objects[position] = model
        } else {
            if position >= capacity { grow(toHold: position) }
            (objects + position).initialize(to: model)
            withEntry(at: position) { $0.hasObject = true }
        }
        if changes { markChanged(position) }
    }

    /// Moves the objects into a buffer with room for `position`.
    private func grow(toHold position: Int) {
        let larger = max(capacity * 2, position + 1)
        let moved = UnsafeMutablePointer<Model>.allocate(capacity: larger)
        for index in 0..<min(count, capacity) where self[index].hasObject {
            (moved + index).moveInitialize(from: objects + index, count: 1)
        }
        objects.deallocate()
        objects = moved
        capacity = larger
    }

    func isPending(_ key: PrimaryKey) -> Bool {
        hasPendingOnly(key)
    }

    func prefetch(in session: ImportSession) throws {
        guard hasWanted else { return }
        try session.fetch(takeWanted(), into: self, marked: true)
    }

    func save(in session: ImportSession) throws {
        guard !changed.isEmpty else { return }
        var models: [Model] = []
        var saved: [PrimaryKey] = []
        models.reserveCapacity(changed.count)
        saved.reserveCapacity(changed.count)
        var replaces = false
        for position in changed where self[position].hasObject {
            // An object an `IdentityMap` gave is put back where the map keeps it, below.
            if stored != nil, self[position].storePosition >= 0 {
                replaces = true
                continue
            }
            models.append(object(at: position))
            saved.append(key(at: position))
        }
        if !models.isEmpty { try session.store.save(models, in: session.face(saving: saved)) }
        if replaces, let map = session.store as? IdentityMap { map.replace(from: self) }
    }
}

/// An ``ImportTable`` without its model type.
protocol ImportTabling: AnyObject {
    /// Whether the payload holds a dictionary for `key` that is not mapped yet.
    func isPending(_ key: PrimaryKey) -> Bool
    /// Asks the store for every wanted key at once.
    func prefetch(in session: ImportSession) throws
    /// Saves every object made or changed.
    func save(in session: ImportSession) throws
}

/// The inputs waiting to be mapped for one primary key, in order: the payload's dictionaries,
/// after the store's row when the store gave one. The first is held as itself, so that the
/// common case, one input per key, allocates no array.
struct PendingInputs {
    /// `nil` only when there are none (then `rest` is empty too).
    private var first: PendingInput?
    private var rest: [PendingInput] = []

    var isEmpty: Bool { first == nil }

    mutating func append(_ input: PendingInput) {
        if first == nil { first = input } else { rest.append(input) }
    }

    /// Puts `input` before the others.
    mutating func prepend(_ input: PendingInput) {
        if let first { rest.insert(first, at: 0) }
        first = input
    }

    mutating func removeFirst() {
        first = rest.isEmpty ? nil : rest.removeFirst()
    }

    /// Every input, in order, leaving none.
    mutating func takeAll() -> [PendingInput] {
        guard let first else { return [] }
        let all = [first] + rest
        self = PendingInputs()
        return all
    }
}

/// One input waiting for its primary key: a dictionary, a store's row read column by column, or
/// an element a format keeps to read when it is needed (a JSON payload's object, read from its
/// bytes).
///
/// Each case holds one reference, so an input is one word, as a dictionary alone was: the import
/// copies these on its hot path.
enum PendingInput {
    case dictionary([String: Any])
    case stored(StoredRow)
    case deferred(DeferredBox)

    /// A deferred element, boxed.
    static func deferred(_ input: any DeferredInput) -> PendingInput {
        .deferred(DeferredBox(input))
    }
}

/// A ``DeferredInput`` held by one reference.
final class DeferredBox {
    let input: any DeferredInput

    init(_ input: any DeferredInput) {
        self.input = input
    }
}

/// An input a format keeps to map later, when the import needs its model (``PendingInput``).
protocol DeferredInput {
    /// The model it gives, made or updated by `session` as an input for `key` is (`nil`: read it).
    func instantiate<Model: Mappable>(
        _: Model.Type,
        key: PrimaryKey?,
        in session: ImportSession,
        configuration: MappingConfiguration,
        plan: ObjectPlan,
        context: MappingContext
    ) throws -> Model
}
