/// What a relationship does with a foreign key that matches no object, in the store or in the
/// import: chosen per relationship with
/// ``MappingConfiguration/Builder/relationship(_:key:unresolved:fileID:line:)-(WritableKeyPath<Model,Related?>,_,_,_,_)``.
///
/// ```swift
/// map.relationship(\.employer, key: "employer_id", unresolved: .null)
/// ```
public enum UnresolvedReference: String, Sendable, Hashable {
    /// The mapping fails with a ``MappingError`` at the key's path (the default):
    /// `employer_id: expected the primary key of a Company in the store or the import, found 7`.
    ///
    /// ```swift
    /// map.relationship(\.employer, key: "employer_id", unresolved: .fail)
    /// // employer_id: expected the primary key of a Company in the store or the import, found Int 42
    /// ```
    case fail
    /// The property becomes `nil`. Only for optional properties; on any other, a configuration
    /// error.
    ///
    /// ```swift
    /// map.relationship(\.employer, key: "employer_id", unresolved: .null)   // employer: Company?
    /// ```
    case null
    /// A new object with only its primary key set (every other property at its initial value)
    /// takes the place of the missing one, and is saved with the import: a later import that
    /// brings the object fills it in.
    ///
    /// ```swift
    /// map.relationship(\.employer, key: "employer_id", unresolved: .placeholder)   // Company(id: 42)
    /// ```
    case placeholder
}
