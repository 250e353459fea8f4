public import Foundation

extension MappingError: LocalizedError {
    /// The same text as ``description``, so `localizedDescription` reads it too.
    public var errorDescription: String? {
        description
    }
}
