internal import CSQLite
import Foundation

/// One open database: statements are prepared, bound, stepped and finalized here, and nowhere
/// else touches SQLite's C interface.
final class SQLiteConnection {
    private let handle: OpaquePointer

    init(path: String) throws {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close(opened)
            throw SQLiteError(code: code, message: message)
        }
        handle = opened
    }

    deinit {
        sqlite3_close(handle)
    }

    fileprivate func failure(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs `sql`, which returns no rows.
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Runs `sql` with `values` bound to its parameters, and gives each row to `row`.
    func run(_ sql: String, _ values: [SQLiteValue] = [], row: (Row) throws -> Void = { _ in }) throws {
        try prepare(sql).run(values, row: row)
    }

    /// `sql` compiled once, to run many times (an import inserts every row of a table with one).
    func prepare(_ sql: String) throws -> Statement {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let statement = prepared else { throw failure(code) }
        return Statement(connection: self, handle: statement)
    }

    /// A compiled statement; finalized when let go.
    final class Statement {
        private let connection: SQLiteConnection
        private let handle: OpaquePointer

        fileprivate init(connection: SQLiteConnection, handle: OpaquePointer) {
            self.connection = connection
            self.handle = handle
        }

        deinit {
            sqlite3_finalize(handle)
        }

        /// Binds parameters in place, one call per parameter, then runs the statement once
        /// (``Binding``): a row written without an array of its values. `bind` says whether to
        /// run it (a row it could not bind is not run, whatever it bound).
        func runBinding(_ bind: (Binding) throws -> Bool) throws {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            guard try bind(Binding(connection: connection, handle: handle)) else { return }
            let step = sqlite3_step(handle)
            guard step == SQLITE_DONE || step == SQLITE_ROW else { throw connection.failure(step) }
        }

        /// Runs the statement with `values` bound to its parameters, and gives each row to `row`.
        func run(_ values: [SQLiteValue], row: (Row) throws -> Void = { _ in }) throws {
            // A statement run before is reset and its old bindings cleared first.
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            for (index, value) in values.enumerated() {
                try connection.bind(value, at: Int32(index + 1), in: handle)
            }
            while true {
                let step = sqlite3_step(handle)
                if step == SQLITE_DONE { return }
                guard step == SQLITE_ROW else { throw connection.failure(step) }
                try row(Row(statement: handle))
            }
        }
    }

    fileprivate func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(statement, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(statement, index, real)
        case .text(let text):
            // With its byte count: a string may hold NUL characters. Its own UTF-8 storage,
            // not a copy (SQLite copies it before the call returns).
            var text = text
            code = text.withUTF8 { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(buffer.count), SQLiteConnection.transient, UInt8(SQLITE_UTF8))
                    }
                } ?? sqlite3_bind_text(statement, index, "", 0, SQLiteConnection.transient)
            }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), SQLiteConnection.transient)
            }
        }
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// The parameters of a statement about to run, bound in order.
    struct Binding {
        fileprivate let connection: SQLiteConnection
        fileprivate let handle: OpaquePointer
        /// The next parameter's number (SQLite counts from 1).
        private(set) var next: Int32 = 1

        /// Binds the next parameter.
        mutating func bind(_ value: SQLiteValue) throws {
            try connection.bind(value, at: next, in: handle)
            next += 1
        }
    }

    /// SQLite copies bound text and blobs before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The current row of a statement.
    struct Row {
        let statement: OpaquePointer

        var count: Int { Int(sqlite3_column_count(statement)) }

        func name(at index: Int) -> String {
            sqlite3_column_name(statement, Int32(index)).map { String(cString: $0) } ?? ""
        }

        func value(at index: Int) -> SQLiteValue {
            let column = Int32(index)
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER:
                return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT:
                return .real(sqlite3_column_double(statement, column))
            case SQLITE_TEXT:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let text = sqlite3_column_text(statement, column), count > 0 else { return .text("") }
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                guard let bytes = sqlite3_column_blob(statement, column), count > 0 else { return .blob(Data()) }
                return .blob(Data(bytes: bytes, count: count))
            default:
                return .null
            }
        }
    }
}

/// A value as SQLite stores it.
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
