public import Foundation

/// Untyped JSON, read and written by MappingKit's own parser and writer: native Swift values in
/// (`Int`, `UInt64`, `Decimal`, `Double`, `Bool`, `String`, `[Any]`, `[String: Any]`, `NSNull`),
/// never `NSNumber`.
///
/// ```swift
/// let value = try JSONValue.parse(Data(#"{"id": 7, "tags": ["a"], "score": 2.5, "next": null}"#.utf8))
/// // ["id": 7, "tags": ["a"], "score": 2.5, "next": NSNull()] as [String: Any]
/// let data = try JSONValue.data(value, options: .sortedKeys)
/// // {"id":7,"next":null,"score":2.5,"tags":["a"]}
/// ```
///
/// Numbers: an integer that fits `Int` is an `Int`, a larger one that fits `UInt64` a `UInt64`,
/// a larger one still a `Decimal` (38 digits at most), past that a `Double` when one is the
/// integer exactly (2¹⁵² in its 46 digits), else an ``ExactNumber`` (its digits, written back as
/// they were); `-0` is the `Double` `-0.0`, which
/// keeps its sign. A number longer than ``MappingLimits/maximumNumberLength`` is an error. A fraction or an
/// exponent gives the correctly rounded `Double`, and one beyond its range (`1e400`) is an error. A key repeated in an object keeps its last value, as in
/// `JSONSerialization` and `JSONDecoder`. Nesting deeper than
/// ``MappingLimits/maximumNesting`` (512) is an error, never a stack overflow.
public enum JSONValue {
    /// The value of a JSON document (any value at the top level, RFC 8259).
    ///
    /// ```swift
    /// let value = try JSONValue.parse(Data(#"{"a": [1, 2.5, null]}"#.utf8))   // ["a": [1, 2.5, <null>]]
    /// ```
    public static func parse(_ json: some ContiguousBytes, limits: MappingLimits = .default) throws -> Any {
        try JSONReader.read(json, limits: limits) { reader in
            let value = try reader.readAny()
            try reader.expectEnd()
            return value
        }
    }

    /// The value of a JSON document given as text.
    ///
    /// ```swift
    /// let value = try JSONValue.parse(#"[true, "x"]"#)   // [true, "x"]
    /// ```
    public static func parse(_ json: String, limits: MappingLimits = .default) throws -> Any {
        try parse(Data(json.utf8), limits: limits)
    }

    /// `value` as JSON: native values, `NSNumber`, `Decimal`, Foundation strings, arrays and
    /// dictionaries, and Swift optionals (`nil` is `null`). Anything else, and non-finite
    /// numbers, are errors with the path to the value.
    ///
    /// ```swift
    /// let data = try JSONValue.data(["a": [1, 2.5]], options: .sortedKeys)   // {"a":[1,2.5]}
    /// ```
    public static func data(_ value: Any, options: JSONOutputOptions = [], limits: MappingLimits = .default) throws -> Data {
        var writer = JSONWriter(options: options, limits: limits)
        try writer.writeAny(value)
        return writer.data
    }
}
