/// A model type that maps from dictionaries and back, with no code beyond the conformance.
///
/// ```swift
/// struct Message: Mappable {
///     var id = 0
///     var text = ""
///     var read = false
/// }
///
/// let message = try Message(dictionary: ["id": 1, "text": "Hello", "read": true])
/// // Message(id: 1, text: "Hello", read: true)
/// try message.dictionaryRepresentation()
/// // ["id": 1, "text": "Hello", "read": true]
/// ```
///
/// Every stored `var` maps from the key with its name (`private(set)` is fine); a key that is
/// absent leaves the property's initial value, which is therefore its default. `let` properties,
/// `weak`/`unowned` references, closures and `lazy` storage are never touched.
///
/// Classes conform with a `required init()`, and their inherited stored properties map too. To
/// let subclasses supply their own configuration, declare it as a `class var` in the base class
/// and `override` it; to let them customise ``update(from:configuration:)``, implement it in the
/// base class (calling ``defaultUpdate(from:configuration:)-o9zu``) and override it in subclasses.
public protocol Mappable {
    /// Creates a model with every property at its default value.
    ///
    /// ```swift
    /// final class Session: Mappable {
    ///     var token = ""
    ///     required init() {}
    /// }
    /// ```
    init()

    /// The configuration used when this type is mapped, directly or nested in another model.
    ///
    /// Defaults to `MappingConfiguration()`, which maps properties by name.
    ///
    /// ```swift
    /// static let mappingConfiguration = MappingConfiguration(for: User.self) { map in
    ///     map.keyStrategy = .snakeCase
    /// }
    /// ```
    static var mappingConfiguration: MappingConfiguration { get }

    /// Updates the model's properties from `dictionary`, using `configuration`.
    ///
    /// The default implementation runs ``defaultUpdate(from:configuration:)-o9zu``. Implement it to
    /// adjust the configuration for each call (the "call super" pattern):
    ///
    /// ```swift
    /// mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
    ///     let configuration = configuration  // adjust it here
    ///     try defaultUpdate(from: dictionary, configuration: configuration)
    /// }
    /// ```
    ///
    /// Either every property is updated or, when this throws, none is.
    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws

    /// The model's dictionary representation, using `configuration`: the reverse of
    /// ``update(from:configuration:)``, and its override point for writing.
    ///
    /// The default implementation runs ``defaultDictionaryRepresentation(configuration:)``.
    /// Implement it to adjust the configuration for each call, as for reading:
    ///
    /// ```swift
    /// func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
    ///     var configuration = configuration  // keep it: it carries the call's depth and limits
    ///     configuration.extend(for: Self.self) { $0.map(\.pet, choosing: .always(Dog.self)) }
    ///     return try defaultDictionaryRepresentation(configuration: configuration)
    /// }
    /// ```
    func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any]
}
