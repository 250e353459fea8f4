/// How far values may be converted to fit a property.
///
/// | Property | `.strict` | `.lossless` (default) | `.lenient` |
/// |---|---|---|---|
/// | integers | whole numbers that fit | also `2.0` and `"42"` | also `3.7` → `3` (toward zero), `"3.7"`, `true` → `1` |
/// | `Double`, `Float` | numbers (integers exactly) | also `"2.5"` | also any integer (rounded), `true` → `1` |
/// | `Bool` | `true`/`false` | also `0`/`1`, `"true"`/`"false"` | also any number (non-zero is `true`), `"yes"`/`"no"`, `"y"`/`"n"`, `"1"`/`"0"`, any case |
/// | `String` | strings | also numbers (`42` → `"42"`) | also booleans (`"true"`) |
/// | arrays and sets | arrays | the same | the same |
///
/// One value where an array or a set belongs is an error in every mode: reading it as the only
/// element is a setting of its own, per property or per tree
/// (``MappingConfiguration/Builder/singleValueAsArray(_:fileID:line:)``,
/// ``MappingConfiguration/Builder/singleValuesAsArrays``).
///
/// Nothing is converted past what the mode allows; what is refused is an error, never `nil` or
/// a default. Numbers out of a type's range are errors in every mode.
///
/// ```swift
/// map.coercion = .strict   // "42" is no Int; 42 is
/// ```
public enum CoercionMode: String, Sendable, CaseIterable {
    /// Only values already of the property's kind.
    ///
    /// ```swift
    /// map.coercion = .strict   // Int ← 42 only; "42" and 42.0 are errors
    /// ```
    case strict
    /// Conversions that lose nothing (the default).
    ///
    /// ```swift
    /// map.coercion = .lossless   // Int ← 42, "42", 42.0; not 42.5
    /// ```
    case lossless
    /// Every conversion with an obvious meaning, losing precision where it must.
    ///
    /// ```swift
    /// map.coercion = .lenient   // Int ← 42.5 gives 42; Bool ← "yes" gives true
    /// ```
    case lenient
}
