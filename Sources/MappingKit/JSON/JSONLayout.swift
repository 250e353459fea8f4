/// What a plan needs to read and write JSON objects, worked out once with the plan.
///
/// A *direct* field is one whose value is exactly the value of one top-level key that nothing
/// else reads: it is decoded from the bytes as the member goes by. Every other key a plan reads
/// (key paths, fields with several keys, keys read twice, key handlers) is kept as a native
/// value and resolved afterwards, exactly as from a dictionary.
final class JSONLayout: Sendable {
    /// Direct fields' keys to their field index; other keys the plan reads to ``keptKey``.
    let keys: JSONKeyTable
    let direct: [Bool]
    /// Each direct field's key, quoted for writing.
    let quotedKeys: [[UInt8]]
    /// Field indexes in declaration order, and in the order of their keys' bytes.
    let order: [Int]
    let sortedOrder: [Int]
    /// Every field writes one top-level key of its own, so a model streams out field by field.
    let writesDirectly: Bool
    /// The top-level keys the fields write.
    let writtenKeys: Set<String>

    /// The table value for a key kept as a native value.
    static let keptKey = -1

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
        entries += readTwice.sorted().map { ($0, Self.keptKey) }
        keys = JSONKeyTable(entries)
        self.direct = direct
        quotedKeys = fields.map { JSONWriter.quoted($0.keys.single ?? "") }
        order = Array(fields.indices)
        sortedOrder = fields.indices.sorted { JSONWriter.precedes(fields[$0].keys.single ?? "", fields[$1].keys.single ?? "") }
        writesDirectly = fields.allSatisfy { $0.keys.single != nil } && seen.count == fields.count
        writtenKeys = seen
    }
}
