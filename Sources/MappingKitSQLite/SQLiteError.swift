/// A failure SQLite reported, with its result code and message.
///
/// ```swift
/// // SQLite error 19: UNIQUE constraint failed: Person.id
/// ```
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// SQLite's result code (`SQLITE_CONSTRAINT` is 19).
    public let code: Int32
    /// SQLite's message, or what the store found wrong.
    public let message: String

    /// `SQLite error 19: UNIQUE constraint failed: Person.id`.
    public var description: String {
        "SQLite error \(code): \(message)"
    }
}
