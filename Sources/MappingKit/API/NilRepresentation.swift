/// How the dictionary representation writes a `nil` optional property.
public enum NilRepresentation: String, Sendable, CaseIterable {
    /// The key is left out (the default).
    case omitted
    /// The key is written with `NSNull`, JSON's `null`.
    case null
}
