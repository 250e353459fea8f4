/// The objects of one model type in an import: those found in the store and those made, by
/// primary key, and what the import still has to ask the store for or save.
final class ImportTable<Model: Mappable>: ImportTabling {
    var objects: [PrimaryKey: Model] = [:]
    /// Keys the store has been asked about, found or not.
    var asked: Set<PrimaryKey> = []
    /// Keys the payload mentions that the store has not been asked about yet.
    var wanted: Set<PrimaryKey> = []
    /// The payload's dictionaries for each key, for references met before their objects.
    var pending: [PrimaryKey: [[String: Any]]] = [:]
    /// Keys of struct models being mapped: a reference back to one is a cycle values cannot hold.
    var inProgress: Set<PrimaryKey> = []
    /// Keys of the objects made or changed, in the order they first were.
    private(set) var changed: [PrimaryKey] = []
    private var changedKeys: Set<PrimaryKey> = []

    func markChanged(_ key: PrimaryKey) {
        if changedKeys.insert(key).inserted { changed.append(key) }
    }

    func isPending(_ key: PrimaryKey) -> Bool {
        objects[key] == nil && pending[key] != nil
    }

    func prefetch(in session: ImportSession) throws {
        guard !wanted.isEmpty else { return }
        try session.fetch(Array(wanted), into: self)
    }

    func save(in session: ImportSession) throws {
        guard !changed.isEmpty else { return }
        let models = changed.compactMap { objects[$0] }
        try session.store.save(models, in: session.face)
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
