import Foundation

/// ``UnmappedValues`` outside a model's stash (a tagged enum's fallback case keeps there what
/// it read of an unknown case): an untyped object, kept and written back exactly as the
/// `[String: Any]` property holding it would be. A model's stash field is never mapped through
/// this: the plan finds it by type (`ObjectPlan+Compile.swift`).
extension UnmappedValues: ConvertedValue {
    static var typeName: String { "UnmappedValues" }

    init(converting stored: [String: Any]) throws {
        self.init(stored)
    }

    func converted() throws -> [String: Any] {
        dictionary
    }

    /// Any object, as the `[String: Any]` it is kept as.
    static func schema(storedAs stored: [String: Any]) -> [String: Any] {
        stored
    }
}
