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
    ///
    /// ```swift
    /// user.unmapped.dictionary   // ["theme": "dark"]
    /// ```
    public var dictionary: [String: Any]

    /// No values.
    ///
    /// ```swift
    /// var unmapped = UnmappedValues()
    /// ```
    public init() {
        dictionary = [:]
    }

    /// The values of `dictionary`.
    ///
    /// ```swift
    /// let unmapped = UnmappedValues(["theme": "dark"])
    /// ```
    public init(_ dictionary: [String: Any]) {
        self.dictionary = dictionary
    }

    /// Values written as a literal: `["theme": "dark"]`.
    ///
    /// ```swift
    /// let unmapped: UnmappedValues = ["theme": "dark"]
    /// ```
    public init(dictionaryLiteral elements: (String, Any)...) {
        dictionary = Dictionary(elements) { _, last in last }
    }

    /// The value kept for `key`; setting `nil` removes it.
    ///
    /// ```swift
    /// user.unmapped["theme"] = "light"
    /// user.unmapped["theme"] = nil   // removed
    /// ```
    public subscript(key: String) -> Any? {
        get { dictionary[key] }
        set { dictionary[key] = newValue }
    }

    /// The kept keys, sorted.
    ///
    /// ```swift
    /// UnmappedValues(["b": 1, "a": 2]).keys   // ["a", "b"]
    /// ```
    public var keys: [String] {
        dictionary.keys.sorted()
    }

    /// How many keys are kept.
    ///
    /// ```swift
    /// UnmappedValues(["b": 1, "a": 2]).count   // 2
    /// ```
    public var count: Int {
        dictionary.count
    }

    /// `true` when nothing is kept.
    ///
    /// ```swift
    /// UnmappedValues().isEmpty   // true
    /// ```
    public var isEmpty: Bool {
        dictionary.isEmpty
    }

    /// Removes `key` and returns its value.
    ///
    /// ```swift
    /// user.unmapped.removeValue(forKey: "theme")   // "dark"
    /// ```
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Any? {
        dictionary.removeValue(forKey: key)
    }

    /// Adds `other`'s keys; a key kept in both takes `other`'s value.
    ///
    /// ```swift
    /// var unmapped: UnmappedValues = ["a": 1]
    /// unmapped.merge(["a": 2, "b": 3])   // ["a": 2, "b": 3]
    /// ```
    public mutating func merge(_ other: UnmappedValues) {
        dictionary.merge(other.dictionary) { _, new in new }
    }

    /// The kept keys and values, in key order.
    ///
    /// ```swift
    /// for (key, value) in user.unmapped { print(key, value) }
    /// ```
    public func makeIterator() -> IndexingIterator<[(key: String, value: Any)]> {
        dictionary.sorted { $0.key < $1.key }.makeIterator()
    }

    /// Equal when both keep the same keys with strictly equal values (`1`, `1.0` and `true`
    /// differ; an `NSNumber` equals the Swift number of the same kind and value).
    ///
    /// ```swift
    /// UnmappedValues(["a": 1]) == UnmappedValues(["a": 1.0])   // false
    /// ```
    public static func == (lhs: UnmappedValues, rhs: UnmappedValues) -> Bool {
        UntypedValues.equal(lhs.dictionary, rhs.dictionary)
    }

    /// `UnmappedValues(["profile": ["bio": "…"], "theme": "dark"])`, keys sorted.
    ///
    /// ```swift
    /// UnmappedValues(["theme": "dark"]).description   // UnmappedValues(["theme": "dark"])
    /// ```
    public var description: String {
        "UnmappedValues(\(UntypedValues.describe(dictionary)))"
    }
}

/// The values as a keyed container of untyped values, as a stash is written through
/// `MappableCodable`: what lets a ``TaggedEnum``'s fallback case hold them (the enum's
/// synthesized `Codable` conformance needs its payload types to be `Codable`).
///
/// ```swift
/// let data = try JSONEncoder().encode(UnmappedValues(["theme": "dark"]))   // {"theme":"dark"}
/// ```
extension UnmappedValues: Codable {
    /// The values of the decoder's keyed container, as a stash reads them.
    ///
    /// ```swift
    /// let values = try JSONDecoder().decode(UnmappedValues.self, from: Data(#"{"a": 1}"#.utf8))   // ["a": 1]
    /// ```
    public init(from decoder: any Decoder) throws {
        self.init(try CodableInput(context: MappingContext()).object(from: decoder, plan: nil))
    }

    /// Writes the values into the encoder's keyed container, as a stash is written.
    ///
    /// ```swift
    /// try JSONEncoder().encode(UnmappedValues(["a": [1, 2]]))   // {"a":[1,2]}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try CodableOutput(encoder: encoder, context: MappingContext()).write(dictionary, plan: nil, into: &container)
    }
}
