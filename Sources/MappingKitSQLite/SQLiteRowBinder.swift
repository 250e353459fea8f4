import MappingKit

/// Binds a model's row to an insert, column by column as MappingKit writes it
/// (`StoreImport.writeColumns(of:into:)`): each value stored exactly as
/// ``SQLiteColumnValues/stored(_:kind:column:)`` stores it, the common types without being boxed
/// and told apart again.
struct SQLiteRowBinder: StoreRowWriter {
    private var binding: SQLiteConnection.Binding
    private let columns: [StoreColumn]
    private var index = 0

    init(binding: SQLiteConnection.Binding, columns: [StoreColumn]) {
        self.binding = binding
        self.columns = columns
    }

    /// The next column; past the last, a column no value can go in (the schema and the plan
    /// disagree, which `save` rules out by comparing their keys).
    private mutating func nextColumn() throws -> StoreColumn {
        guard index < columns.count else { throw SQLiteError(code: 20, message: "a row has more values than its table has columns") }
        defer { index += 1 }
        return columns[index]
    }

    mutating func writeNothing() throws {
        _ = try nextColumn()
        try binding.bind(.null)
    }

    mutating func write(_ value: Int) throws {
        let column = try nextColumn()
        if case .integer = column.kind { return try binding.bind(.integer(Int64(value))) }
        try binding.bind(SQLiteColumnValues.stored(value, kind: column.kind, column: column.name))
    }

    mutating func write(_ value: String) throws {
        let column = try nextColumn()
        if case .text = column.kind { return try binding.bind(.text(value)) }
        try binding.bind(SQLiteColumnValues.stored(value, kind: column.kind, column: column.name))
    }

    mutating func write(_ value: Bool) throws {
        let column = try nextColumn()
        if case .boolean = column.kind { return try binding.bind(.integer(value ? 1 : 0)) }
        try binding.bind(SQLiteColumnValues.stored(value, kind: column.kind, column: column.name))
    }

    mutating func write(_ value: Double) throws {
        let column = try nextColumn()
        if case .real = column.kind, value != 0 { return try binding.bind(.real(value)) }
        try binding.bind(SQLiteColumnValues.stored(value, kind: column.kind, column: column.name))
    }

    mutating func write(_ value: Any) throws {
        let column = try nextColumn()
        try binding.bind(SQLiteColumnValues.stored(value, kind: column.kind, column: column.name))
    }
}
