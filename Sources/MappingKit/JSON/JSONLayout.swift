/// What a plan needs to read and write JSON objects, made the first time the plan meets JSON
/// (a ``PlanLayout``): each field's JSON calls, and the keys as the writer writes them.
///
/// Which members decode straight into a field and which are kept as native values is the
/// plan's ``DirectKeys``, shared with the dictionary walk.
final class JSONLayout: PlanLayout, PlanLayoutKind, @unchecked Sendable {
    static var slot: Int { 0 }

    /// Each field's JSON calls (kept alive here), and the same held without retaining: the
    /// member loop calls through these.
    private let calls: [JSONFieldCalls]
    let fields: [Unmanaged<JSONFieldCalls>]
    /// The fields the calls were made for, to tell which a bound plan shares.
    private let madeFor: [ObjectIdentifier]
    /// The plan's ``DirectKeys``, held here so a read finds both with one lookup.
    let direct: DirectKeys
    /// Each field's key, quoted for writing.
    let quotedKeys: [[UInt8]]
    /// Field indexes in declaration order, and in the order of their keys' bytes.
    let order: [Int]
    let sortedOrder: [Int]

    init(plan: ObjectPlan) {
        let fields = plan.fields
        calls = fields.map { $0.accept(JSONFieldMaker()) }
        self.fields = calls.map { Unmanaged.passUnretained($0) }
        madeFor = fields.map { ObjectIdentifier($0) }
        direct = plan.directKeys
        quotedKeys = fields.map { JSONWriter.quoted($0.keys.single ?? "") }
        order = Array(fields.indices)
        sortedOrder = fields.indices.sorted { JSONWriter.precedes(fields[$0].keys.single ?? "", fields[$1].keys.single ?? "") }
    }

    /// The layout for a plan bound from `template`'s: its keys, and its calls for the fields the
    /// binding kept.
    private init(carrying template: JSONLayout, to plan: ObjectPlan) {
        let fields = plan.fields
        calls = fields.indices.map { index in
            template.madeFor.indices.contains(index) && template.madeFor[index] == ObjectIdentifier(fields[index])
                ? template.calls[index] : fields[index].accept(JSONFieldMaker())
        }
        self.fields = calls.map { Unmanaged.passUnretained($0) }
        madeFor = fields.map { ObjectIdentifier($0) }
        direct = template.direct
        quotedKeys = template.quotedKeys
        order = template.order
        sortedOrder = template.sortedOrder
    }

    override func carried(to plan: ObjectPlan) -> PlanLayout? {
        JSONLayout(carrying: self, to: plan)
    }
}

extension ObjectPlan {
    /// How JSON objects are read into and written from this plan.
    var json: JSONLayout { layout(JSONLayout.self) }
}

extension KeyTable {
    /// The value for a key read from `reader` (escaped keys are compared by their text).
    @inline(__always)
    func value(for key: JSONString, in reader: JSONReader) -> Int? {
        guard key.isEscaped else { return value(for: reader.bytes(key.start, key.end)) }
        var text = reader.text(of: key)
        return text.withUTF8 { value(for: $0) }
    }
}
