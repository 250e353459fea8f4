/// Where imported models live: the store an import looks existing objects up in and saves
/// created and updated ones to. ``IdentityMap`` keeps them in memory; `MappingKitSQLite`'s
/// `SQLiteStore` in a database; anything else (Core Data, SwiftData, GRDB, a server) can back
/// an import with these few methods.
///
/// An import calls, in order: ``beginImport()``; ``fetch(_:keys:in:)`` once per model type with
/// every primary key the payload mentions of that type (and once more for each key found only
/// while mapping, which a payload can hide behind a `willMap` hook or a type choice);
/// then, when every model mapped, ``save(_:in:)`` once per type with every object the import
/// created or changed, and ``commitImport()``. When anything fails, it calls
/// ``rollbackImport()`` instead of saving, and puts every class instance it updated back as it
/// was: a failed import leaves the store as it was.
///
/// A store that keeps rows rather than objects turns them into models with
/// ``StoreImport/models(_:fromRows:)`` and back with ``StoreImport/row(of:)``. A Core Data
/// backing, as a sketch (Core Data exists on Apple platforms only, so this is not built on Linux):
///
/// ```swift
/// final class CoreDataStore: MappingStore {
///     let context: NSManagedObjectContext
///     init(context: NSManagedObjectContext) { self.context = context }
///
///     func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
///         let schema = try StoreSchema(for: type)
///         let request = NSFetchRequest<NSManagedObject>(entityName: schema.name)
///         request.predicate = NSPredicate(format: "%K IN %@", schema.primaryKey[0].name, keys.compactMap { $0.value?.base })
///         let rows = try context.fetch(request).map { object in
///             object.dictionaryWithValues(forKeys: schema.columns.map(\.name)).filter { !($0.value is NSNull) }
///         }
///         return try store.models(type, fromRows: rows)
///     }
///
///     func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
///         let schema = try StoreSchema(for: Model.self)
///         for model in objects {
///             let key = try store.primaryKey(of: model)
///             let request = NSFetchRequest<NSManagedObject>(entityName: schema.name)
///             request.predicate = NSPredicate(format: "%K == %@", argumentArray: [schema.primaryKey[0].name, key.value?.base ?? NSNull()])
///             let object = try context.fetch(request).first
///                 ?? NSEntityDescription.insertNewObject(forEntityName: schema.name, into: context)
///             object.setValuesForKeys(try store.row(of: model))
///         }
///     }
///
///     func commitImport() throws { try context.save() }
///     func rollbackImport() { context.rollback() }
/// }
/// ```
public protocol MappingStore: AnyObject {
    /// The stored models of `type` whose primary keys are among `keys` (in any order; keys with
    /// no model are left out).
    ///
    /// ```swift
    /// func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
    ///     try store.models(type, fromRows: rows(of: type, keys: keys))
    /// }
    /// ```
    func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model]

    /// Inserts `objects`, or replaces the stored models with the same primary keys.
    ///
    /// ```swift
    /// func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
    ///     for object in objects { try insertOrReplace(try store.row(of: object)) }
    /// }
    /// ```
    func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws

    /// An import starts: open a transaction. The default does nothing.
    ///
    /// ```swift
    /// func beginImport() throws { try database.execute("BEGIN") }
    /// ```
    func beginImport() throws

    /// Every model is saved: make the import permanent. The default does nothing.
    ///
    /// ```swift
    /// func commitImport() throws { try database.execute("COMMIT") }
    /// ```
    func commitImport() throws

    /// The import failed: undo what it saved, if anything. The default does nothing.
    ///
    /// ```swift
    /// func rollbackImport() { try? database.execute("ROLLBACK") }
    /// ```
    func rollbackImport()
}

extension MappingStore {
    /// Does nothing.
    ///
    /// ```swift
    /// struct Memory: MappingStore { … }   // no transactions: beginImport() does nothing
    /// ```
    public func beginImport() throws {}

    /// Does nothing.
    ///
    /// ```swift
    /// struct Memory: MappingStore { … }   // no transactions: commitImport() does nothing
    /// ```
    public func commitImport() throws {}

    /// Does nothing.
    ///
    /// ```swift
    /// struct Memory: MappingStore { … }   // no transactions: rollbackImport() does nothing
    /// ```
    public func rollbackImport() {}
}

extension MappingStore {
    /// The stored models of `type` with these primary keys, in the order the store gives them,
    /// read in an import of their own that saves nothing (so that their relationships resolve
    /// through this store).
    ///
    /// ```swift
    /// let ada = try store.models(Person.self, keys: [PrimaryKey(1)]).first
    /// ```
    public func models<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey]) throws -> [Model] {
        try StoreImports.run(into: self, mapper: nil, saves: false) { _, _ in } map: { session, _ in
            let table = session.table(type)
            return try session.fetch(keys, into: table).map { table.object(at: $0) }
        }
    }
}
