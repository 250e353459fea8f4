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
    /// Each direct field's key as the reader expects to meet it, quoted (``quotedKeys``, one
    /// buffer: field `i`'s bytes are `expectedKeys[expectedStarts[i]..<expectedStarts[i + 1]]`),
    /// empty for other fields. Objects mostly list their keys in the model's order, so after
    /// field `i` the reader first compares the next member's bytes with field `i + 1`'s key: a
    /// match is that key, with no scan and no hash (``JSONReader/readExpectedKey(_:isEscaped:)``).
    let expectedKeys: [UInt8]
    let expectedStarts: [Int]
    /// Field `i`'s expected key holds an escape (its text is not its bytes).
    let expectedKeyIsEscaped: [Bool]
    /// The above as the member loop reads them, for every object.
    let memberLoop: JSONMemberLoop

    init(plan: ObjectPlan) {
        let fields = plan.fields
        calls = fields.map { $0.accept(JSONFieldMaker()) }
        self.fields = calls.map { Unmanaged.passUnretained($0) }
        madeFor = fields.map { ObjectIdentifier($0) }
        direct = plan.directKeys
        quotedKeys = fields.map { JSONWriter.quoted($0.keys.single ?? "") }
        order = Array(fields.indices)
        sortedOrder = fields.indices.sorted { JSONWriter.precedes(fields[$0].keys.single ?? "", fields[$1].keys.single ?? "") }
        (expectedKeys, expectedStarts, expectedKeyIsEscaped) = Self.expected(quotedKeys: quotedKeys, direct: direct.direct)
        memberLoop = JSONMemberLoop(fields: self.fields, direct: direct, keys: expectedKeys, starts: expectedStarts, escaped: expectedKeyIsEscaped)
    }

    deinit {
        memberLoop.deallocate()
    }

    /// The expected keys of ``expectedKeys``: the direct fields' quoted keys, one after another.
    private static func expected(quotedKeys: [[UInt8]], direct: [Bool]) -> ([UInt8], [Int], [Bool]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var escaped: [Bool] = []
        for (index, quoted) in quotedKeys.enumerated() {
            starts.append(bytes.count)
            if direct[index] { bytes += quoted }
            escaped.append(quoted.contains(UInt8(ascii: "\\")))
        }
        starts.append(bytes.count)
        return (bytes, starts, escaped)
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
        expectedKeys = template.expectedKeys
        expectedStarts = template.expectedStarts
        expectedKeyIsEscaped = template.expectedKeyIsEscaped
        memberLoop = JSONMemberLoop(fields: self.fields, direct: direct, keys: expectedKeys, starts: expectedStarts, escaped: expectedKeyIsEscaped)
    }

    override func carried(to plan: ObjectPlan) -> PlanLayout? {
        JSONLayout(carrying: self, to: plan)
    }
}

/// What the member loop of ``ObjectPlan/readMembers`` reads for every object, as copies its
/// ``JSONLayout`` owns (and frees): plain pointers, which a loop reads without retaining. Read
/// from the layout's arrays, each object's loop would retain and release every one of them, and
/// each retain is an atomic operation.
struct JSONMemberLoop {
    let fieldCount: Int
    /// Field `i`'s JSON calls.
    let fields: UnsafeMutablePointer<Unmanaged<JSONFieldCalls>>
    /// Field `i` decodes straight from its member (``DirectKeys/direct``).
    let direct: UnsafeMutablePointer<Bool>
    /// Field `i`'s expected key is `keys[starts[i]..<starts[i + 1]]`, escaped when `escaped[i]`
    /// (``JSONLayout/expectedKeys``), followed by eight bytes of padding.
    let keys: UnsafeMutablePointer<UInt8>
    let starts: UnsafeMutablePointer<Int>
    let escaped: UnsafeMutablePointer<Bool>
    /// The key table, held by the layout's ``DirectKeys``.
    let table: Unmanaged<KeyTable>

    init(fields: [Unmanaged<JSONFieldCalls>], direct: DirectKeys, keys: [UInt8], starts: [Int], escaped: [Bool]) {
        fieldCount = fields.count
        self.fields = Self.copy(fields)
        self.direct = Self.copy(direct.direct)
        // Eight bytes of zeros after the last key: ``JSONReader/readExpectedKey(_:isEscaped:)``
        // loads a short key as one word.
        self.keys = Self.copy(keys + [UInt8](repeating: 0, count: 8))
        self.starts = Self.copy(starts)
        self.escaped = Self.copy(escaped)
        table = Unmanaged.passUnretained(direct.table)
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutablePointer<Element> {
        let copy = UnsafeMutablePointer<Element>.allocate(capacity: max(array.count, 1))
        _ = UnsafeMutableBufferPointer(start: copy, count: array.count).initialize(from: array)
        return copy
    }

    /// Frees the copies (their elements are trivial).
    func deallocate() {
        fields.deallocate()
        direct.deallocate()
        keys.deallocate()
        starts.deallocate()
        escaped.deallocate()
    }

    /// Field `index`'s expected key, quoted.
    @inline(__always)
    func expectedKey(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: keys + starts[index], count: starts[index + 1] - starts[index])
    }
}

extension ObjectPlan {
    /// How JSON objects are read into and written from this plan.
    var json: JSONLayout { layout(JSONLayout.self) }
}

extension JSONReader {
    /// The value `table` holds for a key read by this reader (escaped keys are compared by their
    /// text). A method of the reader, not of the table: a reader passed as an argument is
    /// copied, all nine words of it, for every key.
    @inline(__always)
    func value(for key: JSONString, in table: KeyTable) -> Int? {
        guard key.isEscaped else { return table.value(for: bytes(key.start, key.end)) }
        var text = text(of: key)
        return text.withUTF8 { table.value(for: $0) }
    }
}
