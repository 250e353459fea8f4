/// An import in progress, as a ``MappingStore`` sees it: what a store needs to turn its rows
/// into models and back, within the import (so that references in rows resolve to the import's
/// objects, and models are not made twice).
///
/// ```swift
/// func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
///     try store.models(type, fromRows: rows(matching: keys))
/// }
/// ```
public final class StoreImport {
    let session: ImportSession
    let context: MappingContext
    /// When the import hands its store the objects of one type to save: their keys, in order.
    private let savedKeys: [PrimaryKey]?

    init(session: ImportSession, context: MappingContext, savedKeys: [PrimaryKey]? = nil) {
        self.session = session
        self.context = context
        self.savedKeys = savedKeys
    }

    /// The primary keys of `objects`, which `store` is saving: the import's own when `store`
    /// is the import's store (so `objects` are the ones the import handed it), else each
    /// computed.
    func keys<Model: Mappable>(of objects: [Model], savedBy store: AnyObject) throws -> [PrimaryKey] {
        if let savedKeys, savedKeys.count == objects.count, session.store === store { return savedKeys }
        return try objects.map { try primaryKey(of: $0) }
    }

    /// The primary key of `model`, from its identity properties.
    ///
    /// ```swift
    /// try store.primaryKey(of: person)   // PrimaryKey(1)
    /// ```
    public func primaryKey<Model: Mappable>(of model: Model) throws -> PrimaryKey {
        try model.primaryKey(with: plan(for: Model.self))
    }

    /// The models stored rows describe: rows as ``row(of:)`` wrote them, with foreign keys
    /// where related models are (references between the rows resolve, in any order). The
    /// import keeps each as the object for its primary key.
    ///
    /// ```swift
    /// let people = try store.models(Person.self, fromRows: [["id": 1, "name": "Ada", "employer_id": 7]])
    /// ```
    public func models<Model: Mappable>(_ type: Model.Type, fromRows rows: [[String: Any]]) throws -> [Model] {
        let configuration = context.declaredConfiguration(for: type)
        let plan = try plan(for: type)
        do {
            return try session.materialize(rows.map(PendingInput.dictionary), configuration: configuration, plan: plan, context: context)
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
    }

    /// The row that stores `model`: its dictionary representation, with every related model
    /// that has an identity written as its primary key.
    ///
    /// ```swift
    /// try store.row(of: person)   // ["id": 1, "name": "Ada", "employer_id": 7]
    /// ```
    public func row<Model: Mappable>(of model: Model) throws -> [String: Any] {
        try model.encodedDictionary(in: MappingContext(mapper: context.mapper, style: .store, session: session))
    }

    private func plan<Model: Mappable>(for type: Model.Type) throws -> ObjectPlan {
        let plan = try session.plan(for: type, in: context)
        guard plan.identity != nil else { throw plan.missingIdentity("identity") }
        return plan
    }
}
