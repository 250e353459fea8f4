/// What the generated source looks like: the top type's name, structs or final classes, the
/// access level, and whether models stash undefined keys.
///
/// ```swift
/// var options = GeneratorOptions(name: "Timeline")
/// options.kind = .finalClass
/// options.access = .public
/// options.stashesUndefinedKeys = true
/// ```
public struct GeneratorOptions: Sendable, Equatable {
    /// The kind of type each model is.
    public enum Kind: String, Sendable, CaseIterable {
        /// `struct`: value semantics. A shape that would contain itself stays two types.
        case `struct`
        /// `final class`: shapes that nest themselves (a retweet's status) become one type.
        case finalClass = "class"
    }

    /// The access level of the generated types, properties and initializers.
    public enum Access: String, Sendable, CaseIterable {
        /// No modifier: the models are internal to their module.
        case `internal`
        /// `package`.
        case `package`
        /// `public`, with public initializers and configurations.
        case `public`
    }

    /// The top type's name (`Root` unless given).
    public var name: String
    /// Structs (the default) or final classes.
    public var kind: Kind
    /// Internal (the default), package or public.
    public var access: Access
    /// Whether every model declares an `UnmappedValues` property and `undefinedKeys = .stash`,
    /// so that writing a model back gives its input again, keys it does not map included.
    public var stashesUndefinedKeys: Bool
    /// Whether every model is an `@Observable` final class whose configuration lists its
    /// properties in `map.observed(…)`, so that updating a model in place tells its observers
    /// (the stash, if any, is `@ObservationIgnored`). Implies ``Kind/finalClass``. Each class is
    /// marked `@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)`, Observation's releases.
    ///
    /// ```swift
    /// GeneratorOptions(name: "Profile", observable: true)   // @Observable final class Profile: Mappable
    /// ```
    public var observable: Bool
    /// Prefixed to every generated type's name but the top type's, so that the models of two
    /// APIs generated into one target do not collide (`GitHubUser`, `StripeCustomer`).
    ///
    /// ```swift
    /// GeneratorOptions(name: "Repository", typePrefix: "GitHub")   // GitHubOwner, GitHubLicense…
    /// ```
    public var typePrefix: String
    /// JSON paths of objects to generate as dictionaries (`[String: T]`) whatever their keys
    /// (`--map PATH`): keys joined by dots, `[]` after an array's key for its elements
    /// (`versions`, `items[].attributes`). Without them, objects whose keys are data (versions,
    /// ids, dates, e-mail addresses, or many keys of one kind of value) are dictionaries.
    ///
    /// ```swift
    /// GeneratorOptions(name: "Packument", dictionaries: ["users"], models: ["time"])
    /// ```
    public var dictionaries: Set<String>
    /// JSON paths of objects to generate as models whatever their keys (``dictionaries``'s
    /// opposite, `--model PATH`): keys that look like data are then properties.
    ///
    /// ```swift
    /// GeneratorOptions(name: "Packument", models: ["time"])   // struct Time { var created …; var _100 … }
    /// ```
    public var models: Set<String>

    /// Options with the given values; every one has a default.
    public init(
        name: String = "Root",
        kind: Kind = .struct,
        access: Access = .internal,
        stashesUndefinedKeys: Bool = false,
        observable: Bool = false,
        typePrefix: String = "",
        dictionaries: Set<String> = [],
        models: Set<String> = []
    ) {
        self.name = name
        self.kind = observable ? .finalClass : kind
        self.access = access
        self.stashesUndefinedKeys = stashesUndefinedKeys
        self.observable = observable
        self.typePrefix = typePrefix
        self.dictionaries = dictionaries
        self.models = models
    }
}
