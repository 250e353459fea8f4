/// How the dictionary representation writes a `nil` optional property.
///
/// ```swift
/// map.nilRepresentation = .null
/// ```
public enum NilRepresentation: String, Sendable, CaseIterable {
    /// The key is left out (the default).
    ///
    /// ```swift
    /// // nickname == nil: ["name": "Ann"]
    /// ```
    case omitted
    /// The key is written with `NSNull`, JSON's `null`.
    ///
    /// ```swift
    /// // nickname == nil: ["name": "Ann", "nickname": NSNull()]
    /// ```
    case null
}
