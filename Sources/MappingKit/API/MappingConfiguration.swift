/// How one model type maps: which keys feed which properties, and the policies that apply.
///
/// `MappingConfiguration()` is the empty configuration: every `var` property maps from the key
/// with its own name, and keys that no property uses are ignored.
///
/// A type supplies its configuration through ``Mappable/mappingConfiguration``; a model can
/// also adjust the configuration for one call by implementing
/// ``Mappable/update(from:configuration:)`` and then calling
/// ``Mappable/defaultUpdate(from:configuration:)``.
public struct MappingConfiguration: Sendable {
    /// State of the mapping call in progress (nesting depth); not part of the configuration
    /// a type declares, and carried along when a model adjusts its configuration.
    var context = MappingContext()

    /// The empty configuration: name-based mapping, default policies.
    public init() {}
}
