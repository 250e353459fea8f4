/// What making a model does with a property whose key is absent: keep the value the model's
/// `init()` gave it (the default), or fail as `JSONDecoder` does with `keyNotFound`.
///
/// ```swift
/// var configuration = Repository.mappingConfiguration
/// configuration.missingKeys = .raise   // every absent key of a non-optional property is an error
/// ```
///
/// Set on a configuration (or a ``Mapper``), the policy reaches every nested type that sets none
/// of its own, as ``KeyStrategy`` does. Under `.raise`, an optional property whose key is absent
/// becomes `nil`; a property with a default
/// (``MappingConfiguration/Builder/defaultValue(_:whenMissing:fileID:line:)``) takes it; a property
/// named with ``MappingConfiguration/Builder/allowsMissing(_:fileID:line:)`` keeps its value. An
/// update in place (`update(from:)`) never raises: an absent key there means "unchanged"
/// (PATCH semantics).
public enum MissingKeyPolicy: String, Sendable, CaseIterable {
    /// An absent key leaves the property as the model's `init()` made it (the default).
    ///
    /// ```swift
    /// try User(dictionary: [:]).name   // "" — the declared default
    /// ```
    case keep
    /// An absent key of a non-optional property is an error; every such key is reported in one
    /// error, each at its path.
    ///
    /// ```swift
    /// // try Repository(dictionary: ["name": "swift"]) with missingKeys = .raise throws:
    /// // node_id: required, missing
    /// ```
    case raise
}
