/// What a plan needs to know of its fields' keys and layout, found in one pass over them.
struct KeyLayout {
    /// Each field's key when it is a single plain key.
    var singleKeys: [String?] = []
    /// The single plain keys, in field order (as many as fields when every field has one).
    var plainKeys: [String] = []
    /// Two fields' first keys start with the same step.
    var sharesKeys = false
    var endOffset = 0
    var alignment = 1

    init(_ fields: [any FieldSlot]) {
        singleKeys.reserveCapacity(fields.count)
        plainKeys.reserveCapacity(fields.count)
        var firstSteps = Set<String>(minimumCapacity: fields.count)
        for field in fields {
            let keys = field.keys
            singleKeys.append(keys.single)
            if let single = keys.single { plainKeys.append(single) }
            if let step = keys.all.first?.steps.first, !firstSteps.insert(step.text).inserted { sharesKeys = true }
            endOffset = max(endOffset, field.endOffset)
            alignment = max(alignment, field.alignment)
        }
    }
}
