import MappingKit

/// The SQL text the store runs: quoted names, column declarations, key matches.
enum SQLiteSQL {
    /// `name` as an SQL identifier: any text, in double quotes.
    static func quoted(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        // Scalar by scalar: a quote followed by a combining mark is one `Character`, not a quote.
        var quoted = "\""
        for scalar in name.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
        }
        quoted.unicodeScalars.append("\"")
        return quoted
    }

    /// The column's type affinity (a reference has none: it holds the other key as it is).
    static func declaration(of column: StoreColumn) -> String {
        switch column.kind {
        case .integer, .boolean: "INTEGER"
        case .real, .date: "REAL"
        case .text, .decimal, .json: "TEXT"
        case .blob: "BLOB"
        case .reference(let table): "REFERENCES \(quoted(table))"
        }
    }

    /// `"id" IN (?, ?)`, or `("a", "b") IN (VALUES (?, ?), (?, ?))` for a composite key.
    static func keyMatch(_ columns: [String], count: Int) -> String {
        guard columns.count > 1 else {
            return "\(quoted(columns.first ?? "")) IN (\(Array(repeating: "?", count: count).joined(separator: ", ")))"
        }
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "(\(columns.map(quoted).joined(separator: ", "))) IN (VALUES \(Array(repeating: tuple, count: count).joined(separator: ", ")))"
    }

    /// A primary key's value as SQLite compares it.
    static func keyValue(_ value: AnyHashable) throws -> SQLiteValue {
        try SQLiteColumnValues.stored(value.base, kind: .text, column: "primary key")
    }

    /// A stored key's value as a ``PrimaryKey`` holds it (an `Int` for integers, as a model's
    /// `Int` property gives).
    static func hashable(_ value: SQLiteValue) throws -> AnyHashable {
        switch value {
        case .integer(let integer): return AnyHashable(Int(integer))
        case .real(let real): return AnyHashable(real)
        case .text(let text): return AnyHashable(text)
        case .blob(let data): return AnyHashable(data)
        case .null: throw SQLiteError(code: 20, message: "a primary key is NULL")
        }
    }
}
