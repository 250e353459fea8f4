/// The table a store keeps a model type in, derived from the type's plan: one column per
/// top-level key, the identity's columns as the primary key, relationships as foreign keys.
///
/// ```swift
/// let schema = try StoreSchema(for: Person.self)
/// // name: "Person", primaryKey: ["id"]
/// // columns: id integer, name text, employer_id reference(Company), cars json
/// ```
public struct StoreSchema: Sendable, Hashable {
    /// The model type's name: the table's name.
    ///
    /// ```swift
    /// try StoreSchema(for: User.self).name   // "User"
    /// ```
    public let name: String
    /// One column per top-level key the model writes, in the order of its properties.
    ///
    /// ```swift
    /// try StoreSchema(for: User.self).columns.map(\.name)   // ["id", "name", "employer_id"]
    /// ```
    public let columns: [StoreColumn]
    /// The names of the identity's columns, in the identity's order.
    ///
    /// ```swift
    /// try StoreSchema(for: User.self).primaryKey   // ["id"]
    /// ```
    public let primaryKey: [String]
    /// The model stashes undefined keys (``UndefinedKeyPolicy/stash``): a row may hold keys no
    /// column is for, and a store should keep them (as JSON, say) to write them back.
    ///
    /// ```swift
    /// try StoreSchema(for: User.self).keepsUnmappedKeys   // true when User stashes
    /// ```
    public let keepsUnmappedKeys: Bool

    /// The schema of `type`, as `mapper` (or the type itself) configures it.
    ///
    /// The type must declare an identity whose properties map from top-level keys; otherwise,
    /// a configuration error.
    ///
    /// ```swift
    /// let schema = try StoreSchema(for: User.self)
    /// let sql = "CREATE TABLE \(schema.name) (\(schema.columns.map(\.name).joined(separator: ", ")))"
    /// ```
    public init<Model: Mappable>(for type: Model.Type, mapper: Mapper? = nil) throws {
        let context = MappingContext(mapper: mapper)
        let plan = try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
        guard let identity = plan.identity else { throw plan.missingIdentity("identity") }
        var columns: [StoreColumn] = []
        // A flattened model's columns are its parent's own, as its keys are.
        func addColumns(of plan: ObjectPlan, in context: MappingContext, identity: [Int]) throws {
            for (index, field) in plan.fields.enumerated() {
                if field.keys.isFlattened {
                    let flattened = plan.flattened.first { $0.key == field.keys.all.first?.singleKey }
                    let inner = context.handingDown(plan.handedDown)
                    if let (nested, nestedContext) = flattened?.plan(in: inner) {
                        try addColumns(of: nested, in: nestedContext, identity: [])
                        continue
                    }
                    // A flattened enum's keys (its tag, its cases' values) hold any value a case
                    // writes there: a JSON column each.
                    guard let keys = flattened?.keysRead(inner) else {
                        throw MappingError(.configuration(type: plan.modelName, message: "the flattened \(field.name) has no plan a store can hold"))
                    }
                    for name in keys.topLevelKeys where !columns.contains(where: { $0.name == name }) {
                        columns.append(StoreColumn(name: name, kind: .json, isOptional: true))
                    }
                    continue
                }
                guard let key = field.keys.all.first, case .key(let name)? = key.steps.first else { continue }
                let kind = key.steps.count == 1 ? StoreColumn.Kind(shape: field.valueShape, in: context) : .json
                let isOptional = field.valueShape.kind == .optional
                if let existing = columns.firstIndex(where: { $0.name == name }) {
                    let merged = columns[existing].kind == kind ? kind : .json
                    columns[existing] = StoreColumn(name: name, kind: merged, isOptional: true)
                    continue
                }
                columns.append(StoreColumn(name: name, kind: kind, isOptional: isOptional))
                if identity.contains(index), key.steps.count != 1 {
                    throw MappingError(.configuration(type: plan.modelName, message: "identity key \(key) is not a top-level key a column can hold"))
                }
            }
        }
        try addColumns(of: plan, in: context, identity: identity)
        self.name = plan.modelName
        self.columns = columns
        primaryKey = identity.compactMap { index in
            guard case .key(let name)? = plan.fields[index].keys.all.first?.steps.first else { return nil }
            return name
        }
        keepsUnmappedKeys = plan.stash != nil
    }
}

/// A column of a ``StoreSchema``.
///
/// ```swift
/// for column in try StoreSchema(for: User.self).columns {
///     print(column.name, column.kind, column.isOptional)   // id integer false
/// }
/// ```
public struct StoreColumn: Sendable, Hashable {
    /// How a column's values are kept.
    ///
    /// ```swift
    /// switch column.kind {
    /// case .reference(let table): print("REFERENCES \(table)")
    /// default: break
    /// }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// Integers (any Swift integer type; those beyond 64 bits may need text).
        ///
        /// ```swift
        /// // var id = 0 → StoreColumn(name: "id", kind: .integer, isOptional: false)
        /// ```
        case integer
        /// `Double` and `Float`.
        ///
        /// ```swift
        /// // var score = 0.0 → StoreColumn(name: "score", kind: .real, isOptional: false)
        /// ```
        case real
        /// Strings, and values written as strings (URLs, UUIDs, dates with a text adapter).
        ///
        /// ```swift
        /// // var website: URL? → StoreColumn(name: "website", kind: .text, isOptional: true)
        /// ```
        case text
        /// `Bool`: keep it apart from integers, so that it reads back as a `Bool`.
        ///
        /// ```swift
        /// // var verified = false → StoreColumn(name: "verified", kind: .boolean, isOptional: false)
        /// ```
        case boolean
        /// `Decimal`: keep its digits (as text), never a binary floating-point number.
        ///
        /// ```swift
        /// // var price = Decimal() → StoreColumn(name: "price", kind: .decimal, isOptional: false)
        /// ```
        case decimal
        /// `Date` without an adapter (`SQLiteStore` keeps the seconds since 2001-01-01, the
        /// `Double` a `Date` holds, so that it reads back exactly).
        ///
        /// ```swift
        /// // var createdAt = Date() → StoreColumn(name: "createdAt", kind: .date, isOptional: false)
        /// ```
        case date
        /// `Data` without an adapter.
        ///
        /// ```swift
        /// // var avatar = Data() → StoreColumn(name: "avatar", kind: .blob, isOptional: false)
        /// ```
        case blob
        /// Anything structured (nested models without an identity, arrays, dictionaries,
        /// untyped values): keep it as JSON text.
        ///
        /// ```swift
        /// // var tags: [String] = [] → StoreColumn(name: "tags", kind: .json, isOptional: false)
        /// ```
        case json
        /// The primary key of another stored model type, named here: a foreign key.
        ///
        /// ```swift
        /// // map.relationship(\.employer, key: "employer_id") → StoreColumn(name: "employer_id", kind: .reference("Company"), isOptional: true)
        /// ```
        case reference(String)
    }

    /// The key the column holds, as the model's dictionary representation writes it.
    ///
    /// ```swift
    /// StoreColumn(name: "employer_id", kind: .reference("Company"), isOptional: true).name   // "employer_id"
    /// ```
    public let name: String
    /// How the column's values are kept.
    ///
    /// ```swift
    /// StoreColumn(name: "id", kind: .integer, isOptional: false).kind   // .integer
    /// ```
    public let kind: Kind
    /// The property is optional: the column may be empty.
    ///
    /// ```swift
    /// StoreColumn(name: "website", kind: .text, isOptional: true).isOptional   // true
    /// ```
    public let isOptional: Bool

    /// A column; stores get theirs from ``StoreSchema/init(for:mapper:)``.
    ///
    /// ```swift
    /// let column = StoreColumn(name: "id", kind: .integer, isOptional: false)
    /// ```
    public init(name: String, kind: Kind, isOptional: Bool) {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
    }
}
