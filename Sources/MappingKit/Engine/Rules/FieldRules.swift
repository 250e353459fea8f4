/// What a field holds beside its codec: its requirements and its defaults.

/// A field's requirements and defaults, boxed so that a field without any (the common case)
/// stores a plain `nil`: 8 bytes instead of the 80 two optional existentials take inline, in
/// every field of every plan (a plan's first mapping writes all of it to fresh memory).
final class FieldRuleBox<Value>: Sendable {
    let requirements: [Requirement<Value>]
    let defaults: FieldDefaults

    /// The box for these rules; `nil` when there are none.
    static func boxing(_ requirements: [Requirement<Value>], _ defaults: FieldDefaults) -> FieldRuleBox? {
        guard !requirements.isEmpty || defaults.whenMissing != nil || defaults.whenNull != nil else { return nil }
        return FieldRuleBox(requirements: requirements, defaults: defaults)
    }

    private init(requirements: [Requirement<Value>], defaults: FieldDefaults) {
        self.requirements = requirements
        self.defaults = defaults
    }
}

/// Values a property takes when its key is absent, its value null, or its value invalid.
struct FieldDefaults: Sendable {
    var whenMissing: (any Sendable)?
    var whenNull: (any Sendable)?
    /// Taken by the field's codec (``InvalidDefaultCodec``), so that every input reads it.
    var whenInvalid: (any Sendable)?

    /// The defaults as a report names them: `Bool true`.
    var missingDescription: String { whenMissing.map { ValueDescription.describe($0) } ?? "nothing" }
    var nullDescription: String { whenNull.map { ValueDescription.describe($0) } ?? "nothing" }
}
