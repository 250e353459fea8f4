/// What a mapping does with keys that no mapping consumes (ObjectMapping's three levels).
///
/// ```swift
/// var configuration = MappingConfiguration()
/// configuration.undefinedKeys = .stash
/// ```
///
/// A key is undefined when nothing reads it: renamed keys, alternative keys, the leaves of key
/// paths, key handlers and discriminators all count as read. A key path consumes only the leaf
/// it reads, so the rest of a partly mapped nested dictionary is undefined too.
public enum UndefinedKeyPolicy: String, Sendable, CaseIterable {
    /// One error lists every undefined key with its full path, nested models included.
    ///
    /// ```swift
    /// try User(dictionary: ["theme": "dark"], undefinedKeys: .raise)
    /// // theme: expected a key User maps, found String "dark"
    /// ```
    case raise
    /// Undefined keys are ignored (the default).
    ///
    /// ```swift
    /// try User(dictionary: ["theme": "dark"], undefinedKeys: .drop)   // "theme" is ignored
    /// ```
    case drop
    /// Undefined keys are kept, with their values untouched, in the model's ``UnmappedValues``
    /// property, and written back by `dictionaryRepresentation()` where they were, so that
    /// `Model(dictionary: d).dictionaryRepresentation()` gives `d` back.
    ///
    /// ```swift
    /// let user = try User(dictionary: ["theme": "dark"], undefinedKeys: .stash)
    /// user.unmapped["theme"]   // "dark"
    /// ```
    case stash
}
