/// The keys a model did not map, with their values untouched, kept under
/// ``UndefinedKeyPolicy/stash`` and written back by `dictionaryRepresentation()`.
///
/// Declare one stored property of this type in a model that stashes; MappingKit finds it by
/// reflection and never maps it by name.
///
/// ```swift
/// struct User: Mappable {
///     var name = ""
///     var unmapped = UnmappedValues()
///     static let mappingConfiguration = MappingConfiguration(for: User.self) { $0.undefinedKeys = .stash }
/// }
///
/// let user = try User(dictionary: ["name": "Ann", "theme": "dark", "profile": ["bio": "…"]])
/// user.unmapped["theme"]          // "dark"
/// user.unmapped.keys              // ["profile", "theme"]
/// try user.dictionaryRepresentation()
/// // ["name": "Ann", "theme": "dark", "profile": ["bio": "…"]]
/// ```
///
/// Values stay exactly as they arrived (an `NSNumber` stays an `NSNumber`, a Swift `Int` an
/// `Int`), so they are plain values that JSONSerialization accepts. Equality compares them
/// strictly: `1`, `1.0` and `true` differ.
public struct UnmappedValues: @unchecked Sendable, Equatable, CustomStringConvertible, Sequence,
    ExpressibleByDictionaryLiteral
{
    /// The kept keys and values. A partly mapped nested dictionary appears with only its
    /// unmapped part.
    public var dictionary: [String: Any]

    /// No values.
    public init() {
        dictionary = [:]
    }

    /// The values of `dictionary`.
    public init(_ dictionary: [String: Any]) {
        self.dictionary = dictionary
    }

    /// Values written as a literal: `["theme": "dark"]`.
    public init(dictionaryLiteral elements: (String, Any)...) {
        dictionary = Dictionary(elements) { _, last in last }
    }

    /// The value kept for `key`; setting `nil` removes it.
    public subscript(key: String) -> Any? {
        get { dictionary[key] }
        set { dictionary[key] = newValue }
    }

    /// The kept keys, sorted.
    public var keys: [String] {
        dictionary.keys.sorted()
    }

    /// How many keys are kept.
    public var count: Int {
        dictionary.count
    }

    /// `true` when nothing is kept.
    public var isEmpty: Bool {
        dictionary.isEmpty
    }

    /// Removes `key` and returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Any? {
        dictionary.removeValue(forKey: key)
    }

    /// Adds `other`'s keys; a key kept in both takes `other`'s value.
    public mutating func merge(_ other: UnmappedValues) {
        dictionary.merge(other.dictionary) { _, new in new }
    }

    /// The kept keys and values, in key order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: Any)]> {
        dictionary.sorted { $0.key < $1.key }.makeIterator()
    }

    /// Equal when both keep the same keys with strictly equal values (`1`, `1.0` and `true`
    /// differ; an `NSNumber` equals the Swift number of the same kind and value).
    public static func == (lhs: UnmappedValues, rhs: UnmappedValues) -> Bool {
        UntypedValues.equal(lhs.dictionary, rhs.dictionary)
    }

    /// `UnmappedValues(["profile": ["bio": "…"], "theme": "dark"])`, keys sorted.
    public var description: String {
        "UnmappedValues(\(UntypedValues.describe(dictionary)))"
    }
}
