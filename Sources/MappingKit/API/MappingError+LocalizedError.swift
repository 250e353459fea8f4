public import Foundation

extension MappingError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` reads it too.
    ///
    /// ```swift
    /// error.localizedDescription   // "messages[1].read: expected Bool, found String \"yes\""
    /// ```
    public var errorDescription: String? {
        description
    }
}
