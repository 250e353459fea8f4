/// What a field holds beside its codec: its requirements and its defaults.

/// A field's requirements, boxed so that a field without any stores a plain `nil`.
final class RequirementList<Value>: Sendable {
    let requirements: [Requirement<Value>]

    init(_ requirements: [Requirement<Value>]) {
        self.requirements = requirements
    }
}

/// Values a property takes when its key is absent, or its value null.
struct FieldDefaults: Sendable {
    var whenMissing: (any Sendable)?
    var whenNull: (any Sendable)?

    /// The defaults as a report names them: `Bool true`.
    var missingDescription: String { whenMissing.map { ValueDescription.describe($0) } ?? "nothing" }
    var nullDescription: String { whenNull.map { ValueDescription.describe($0) } ?? "nothing" }
}
