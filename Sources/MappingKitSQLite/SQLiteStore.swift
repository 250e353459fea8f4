public import MappingKit
import Foundation

/// A ``MappingStore`` backed by an SQLite database file: one table per model type, made from
/// the type's ``StoreSchema`` on first use. Scalar properties are columns, relationships
/// foreign-key columns, anything structured (nested models without an identity, arrays,
/// dictionaries) JSON text; the identity is the table's primary key.
///
/// ```swift
/// let store = try SQLiteStore(path: "people.sqlite")
/// let people = try Person.array(from: payload, in: store)    // inserted
/// let again = try Person.array(from: edited, in: store)      // updated, not duplicated
/// try store.count(of: Person.self)                            // 2
/// ```
///
/// Each import is one transaction: a failed import leaves the file as it was. A store is used
/// from one thread at a time.
public final class SQLiteStore: MappingStore {
    private let connection: SQLiteConnection
    private let mapper: Mapper?
    private var schemas: [ObjectIdentifier: StoreSchema] = [:]
    /// An import's transaction is open (``beginImport()``).
    private var importing = false
    /// The tables the open import's transaction made: empty until the import saves to them,
    /// since no other connection can write while it is open, so looking rows up in them is
    /// skipped. Forgotten when the transaction ends.
    private var emptyTables: Set<String> = []
    /// The tables there were when the open import first made one (read once per import).
    private var existingTables: Set<String>?
    /// The column rows keep their undefined keys in, for models that stash them.
    static let unmappedColumn = "mappingkit_unmapped"
    /// Keys per `SELECT … IN`: well under SQLite's limit on bound parameters.
    private static let batchSize = 500

    /// Opens (or creates) the database at `path`; `":memory:"` is a database in memory.
    /// `mapper`: the configurations tables are made from, when not the types' own.
    public init(path: String, mapper: Mapper? = nil) throws {
        connection = try SQLiteConnection(path: path)
        self.mapper = mapper
        try connection.execute("PRAGMA journal_mode = WAL")
    }

    /// The schema of `type`, its table made if it is not there yet.
    private func schema<Model: Mappable>(for type: Model.Type) throws -> StoreSchema {
        if let schema = schemas[ObjectIdentifier(type)] { return schema }
        let schema = try StoreSchema(for: type, mapper: mapper)
        var definitions = schema.columns.map { column in
            "\(SQLiteSQL.quoted(column.name)) \(SQLiteSQL.declaration(of: column))"
        }
        if schema.keepsUnmappedKeys { definitions.append("\(SQLiteSQL.quoted(Self.unmappedColumn)) TEXT") }
        definitions.append("PRIMARY KEY (\(schema.primaryKey.map(SQLiteSQL.quoted).joined(separator: ", ")))")
        let isNew = try importing && !tablesAtImportStart().contains(schema.name)
        try connection.execute("CREATE TABLE IF NOT EXISTS \(SQLiteSQL.quoted(schema.name)) (\(definitions.joined(separator: ", ")))")
        if isNew { emptyTables.insert(schema.name) }
        schemas[ObjectIdentifier(type)] = schema
        return schema
    }

    /// The names of the tables in the database, read once per import, inside its transaction.
    private func tablesAtImportStart() throws -> Set<String> {
        if let existingTables { return existingTables }
        var names: Set<String> = []
        try connection.run("SELECT \"name\" FROM \"sqlite_master\" WHERE \"type\" = 'table'") { row in
            if case .text(let name) = row.value(at: 0) { names.insert(name) }
        }
        existingTables = names
        return names
    }

    /// The stored rows of `type` with these primary keys, as models of the import (500 keys per
    /// query).
    public func fetch<Model: Mappable>(_ type: Model.Type, keys: [PrimaryKey], in store: StoreImport) throws -> [Model] {
        let schema = try schema(for: type)
        guard !emptyTables.contains(schema.name) else { return [] }
        // Without undefined keys kept, rows are read column by column in the schema's order and
        // handed over as they are (no dictionary per row); else each row as a dictionary.
        let byColumn = !schema.keepsUnmappedKeys
        let kinds = Dictionary(schema.columns.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        let selected = byColumn ? schema.columns.map { SQLiteSQL.quoted($0.name) }.joined(separator: ", ") : "*"
        var rows: [[String: Any]] = []
        var columnRows: [[Any?]] = []
        var start = 0
        while start < keys.count {
            let batch = keys[start..<min(start + Self.batchSize, keys.count)]
            start += Self.batchSize
            let values = try batch.flatMap { key in try key.values.map { try SQLiteSQL.keyValue($0) } }
            let sql = "SELECT \(selected) FROM \(SQLiteSQL.quoted(schema.name)) WHERE \(SQLiteSQL.keyMatch(schema.primaryKey, count: batch.count)) "
                + "ORDER BY \(schema.primaryKey.map(SQLiteSQL.quoted).joined(separator: ", "))"
            try connection.run(sql, values) { row in
                if byColumn {
                    columnRows.append(try schema.columns.indices.map { try SQLiteColumnValues.rowValue(row.value(at: $0), kind: schema.columns[$0].kind) })
                } else {
                    rows.append(try self.dictionary(of: row, kinds: kinds))
                }
            }
        }
        if byColumn { return try store.models(type, columns: schema.columns.map(\.name), rows: columnRows) }
        return try store.models(type, fromRows: rows)
    }

    /// Inserts each object's row, or replaces the row with the same primary key.
    public func save<Model: Mappable>(_ objects: [Model], in store: StoreImport) throws {
        let schema = try schema(for: Model.self)
        emptyTables.remove(schema.name)
        var names = schema.columns.map(\.name)
        if schema.keepsUnmappedKeys { names.append(Self.unmappedColumn) }
        let sql = "INSERT OR REPLACE INTO \(SQLiteSQL.quoted(schema.name)) (\(names.map(SQLiteSQL.quoted).joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
        // Compiled once for every row (compiling it per row was most of an import's time).
        let insert = try connection.prepare(sql)
        let columns = Set(schema.columns.map(\.name))
        // Rows bound column by column straight from the models when their columns are the
        // schema's, in its order (no dictionary per row, no array of values); else each row
        // as a dictionary.
        let keys = try store.columnKeys(of: Model.self)
        let byColumn = !schema.keepsUnmappedKeys && keys == schema.columns.map(\.name)
        for object in objects {
            var written = false
            if byColumn {
                try insert.runBinding { binding in
                    var binder = SQLiteRowBinder(binding: binding, columns: schema.columns)
                    written = try store.writeColumns(of: object, into: &binder)
                    return written
                }
            }
            if !written {
                try insert.run(try values(of: try store.row(of: object), schema: schema, columns: columns))
            }
        }
    }

    /// The row's values in the order of the schema's columns (undefined keys last, as JSON);
    /// `columns`: the schema's column names.
    private func values(of row: [String: Any], schema: StoreSchema, columns: Set<String>) throws -> [SQLiteValue] {
        var found = 0
        var values = try schema.columns.map { column in
            guard let value = row[column.name] else { return SQLiteValue.null }
            found += 1
            return try SQLiteColumnValues.stored(value, kind: column.kind, column: column.name)
        }
        // Every key of the row is a column (the common case): nothing else to keep or refuse.
        if found == row.count, !schema.keepsUnmappedKeys { return values }
        let rest = row.filter { !columns.contains($0.key) }
        if schema.keepsUnmappedKeys {
            // A column's SQL NULL cannot tell `"note": null` from an absent key; a model that
            // keeps what it reads (`.stash`) writes `null` back, so its nulls are kept with the
            // undefined keys.
            let kept = rest.merging(row.filter { columns.contains($0.key) && $0.value is NSNull }) { own, _ in own }
            values.append(kept.isEmpty ? .null : try SQLiteColumnValues.stored(kept, kind: .json, column: Self.unmappedColumn))
        } else if let key = rest.keys.sorted().first {
            throw SQLiteError(code: 20, message: "\(schema.name) has no column for the key \(key)")
        }
        return values
    }

    /// A stored row as the model's row: columns by name, NULLs left out, undefined keys back
    /// in place.
    private func dictionary(of row: SQLiteConnection.Row, kinds: [String: StoreColumn.Kind]) throws -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for index in 0..<row.count {
            let name = row.name(at: index)
            if name == Self.unmappedColumn {
                if let rest = try SQLiteColumnValues.rowValue(row.value(at: index), kind: .json) as? [String: Any] {
                    dictionary.merge(rest) { kept, _ in kept }
                }
                continue
            }
            guard let kind = kinds[name] else { continue }
            dictionary[name] = try SQLiteColumnValues.rowValue(row.value(at: index), kind: kind)
        }
        return dictionary
    }

    /// Opens the import's transaction.
    public func beginImport() throws {
        try connection.execute("BEGIN IMMEDIATE")
        importing = true
    }

    /// Commits the import's transaction.
    public func commitImport() throws {
        endImport()
        try connection.execute("COMMIT")
    }

    /// Rolls the import's transaction back, with the tables it made: they are made again when
    /// next needed.
    public func rollbackImport() {
        endImport()
        schemas = [:]
        try? connection.execute("ROLLBACK")
    }

    /// Once the transaction ends, other connections may write: what it knew of the tables goes.
    private func endImport() {
        importing = false
        emptyTables = []
        existingTables = nil
    }

    /// How many rows the table of `type` holds.
    public func count<Model: Mappable>(of type: Model.Type) throws -> Int {
        let schema = try schema(for: type)
        var count = 0
        try connection.run("SELECT COUNT(*) FROM \(SQLiteSQL.quoted(schema.name))") { row in
            if case .integer(let value) = row.value(at: 0) { count = Int(value) }
        }
        return count
    }

    /// Every stored model of `type`, in primary-key order.
    ///
    /// ```swift
    /// let everyone = try store.all(Person.self)
    /// ```
    public func all<Model: Mappable>(_ type: Model.Type) throws -> [Model] {
        let schema = try schema(for: type)
        var keys: [PrimaryKey] = []
        let columns = schema.primaryKey.map(SQLiteSQL.quoted).joined(separator: ", ")
        try connection.run("SELECT \(columns) FROM \(SQLiteSQL.quoted(schema.name)) ORDER BY \(columns)") { row in
            keys.append(PrimaryKey(values: try (0..<row.count).map { index in
                try SQLiteSQL.hashable(row.value(at: index))
            }))
        }
        return try models(type, keys: keys)
    }

    /// The rows of an SQL query, each as column names and values (integers as `Int`, reals as
    /// `Double`, text as `String`, blobs as `Data`; NULLs left out): for looking at the tables
    /// as SQLite holds them.
    ///
    /// ```swift
    /// try store.query(#"SELECT "name" FROM "Person" WHERE "id" = 1"#)   // [["name": "Ada"]]
    /// ```
    public func query(_ sql: String) throws -> [[String: Any]] {
        var rows: [[String: Any]] = []
        try connection.run(sql) { row in
            var dictionary: [String: Any] = [:]
            for index in 0..<row.count {
                dictionary[row.name(at: index)] = try SQLiteColumnValues.rowValue(row.value(at: index), kind: .text)
            }
            rows.append(dictionary)
        }
        return rows
    }
}
