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
    public let name: String
    /// One column per top-level key the model writes, in the order of its properties.
    public let columns: [StoreColumn]
    /// The names of the identity's columns, in the identity's order.
    public let primaryKey: [String]
    /// The model stashes undefined keys (``UndefinedKeyPolicy/stash``): a row may hold keys no
    /// column is for, and a store should keep them (as JSON, say) to write them back.
    public let keepsUnmappedKeys: Bool

    /// The schema of `type`, as `mapper` (or the type itself) configures it.
    ///
    /// The type must declare an identity whose properties map from top-level keys; otherwise,
    /// a configuration error.
    public init<Model: Mappable>(for type: Model.Type, mapper: Mapper? = nil) throws {
        let context = MappingContext(mapper: mapper)
        let plan = try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
        guard let identity = plan.identity else { throw plan.missingIdentity("identity") }
        var columns: [StoreColumn] = []
        for (index, field) in plan.fields.enumerated() {
            guard let key = field.keys.all.first, case .key(let name)? = key.steps.first else { continue }
            let kind = key.steps.count == 1 ? field.storeKind(in: context) : .json
            let isOptional = field.codableShape.kind == .optional
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
public struct StoreColumn: Sendable, Hashable {
    /// How a column's values are kept.
    public enum Kind: Sendable, Hashable {
        /// Integers (any Swift integer type; those beyond 64 bits may need text).
        case integer
        /// `Double` and `Float`.
        case real
        /// Strings, and values written as strings (URLs, UUIDs, dates with a text adapter).
        case text
        /// `Bool`: keep it apart from integers, so that it reads back as a `Bool`.
        case boolean
        /// `Decimal`: keep its digits (as text), never a binary floating-point number.
        case decimal
        /// `Date` without an adapter (`SQLiteStore` keeps the seconds since 2001-01-01, the
        /// `Double` a `Date` holds, so that it reads back exactly).
        case date
        /// `Data` without an adapter.
        case blob
        /// Anything structured (nested models without an identity, arrays, dictionaries,
        /// untyped values): keep it as JSON text.
        case json
        /// The primary key of another stored model type, named here: a foreign key.
        case reference(String)
    }

    /// The key the column holds, as the model's dictionary representation writes it.
    public let name: String
    /// How the column's values are kept.
    public let kind: Kind
    /// The property is optional: the column may be empty.
    public let isOptional: Bool

    /// A column; stores get theirs from ``StoreSchema/init(for:mapper:)``.
    public init(name: String, kind: Kind, isOptional: Bool) {
        self.name = name
        self.kind = kind
        self.isOptional = isOptional
    }
}
