/// Which of a plan's fields read one top-level key that nothing else reads, worked out once per
/// plan structure: what lets a format match an input's keys to fields as they go by.
///
/// A *direct* field's value is exactly the value of its key: a walk over a dictionary's entries
/// (`ObjectPlan+Read.swift`) or over a JSON object's members decodes it as
/// the key is met. Every other key a plan reads (key paths, fields with several keys, keys read
/// twice, key handlers) must be kept as a native value and resolved afterwards, exactly as from
/// a dictionary: the table maps those to ``kept``.
final class DirectKeys: Sendable {
    /// Direct fields' keys to their field index; the other top-level keys the plan reads to ``kept``.
    let table: KeyTable
    /// Per field, whether it is direct.
    let direct: [Bool]
    /// Every field writes one top-level key of its own, so a model can be written field by field.
    let writesDirectly: Bool
    /// The top-level keys the fields write.
    let writtenKeys: Set<String>

    /// The table value for a key kept as a native value.
    static let kept = -1

    init(fields: [any FieldSlot], hooks: ConfigurationHooks) {
        var readTwice: Set<String> = []
        var seen: Set<String> = []
        for field in fields {
            if let single = field.keys.single {
                if !seen.insert(single).inserted { readTwice.insert(single) }
                continue
            }
            for key in field.keys.all { if case .key(let first)? = key.steps.first { readTwice.insert(first) } }
        }
        for handler in hooks.keyHandlers {
            for key in handler.keys.all { if case .key(let first)? = key.steps.first { readTwice.insert(first) } }
        }
        var entries: [(key: String, value: Int)] = []
        var direct: [Bool] = []
        for (index, field) in fields.enumerated() {
            let isDirect = field.keys.single.map { !readTwice.contains($0) } ?? false
            direct.append(isDirect)
            if isDirect, let single = field.keys.single { entries.append((single, index)) }
        }
        entries += readTwice.sorted().map { ($0, Self.kept) }
        table = KeyTable(entries)
        self.direct = direct
        writesDirectly = fields.allSatisfy { $0.keys.single != nil } && seen.count == fields.count
        writtenKeys = seen
    }
}
