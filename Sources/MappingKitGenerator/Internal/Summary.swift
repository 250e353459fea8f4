/// What the samples held at one place (a key of an object shape, an array's elements, a map's
/// values): how many values of each kind, and what the values of each kind have in common.
struct Summary {
    var nulls = 0
    var bools = 0
    var integers = 0
    /// The smallest and largest integer seen; integers past 64 bits count in `hugeIntegers`
    /// (every type the generator picks for them, `Decimal` or `Any`, is the same past 64 bits).
    var smallest = SampleInteger(UInt64.max)
    var largest = SampleInteger(Int64.min)
    var hugeIntegers = 0
    /// Numbers written with a fraction or an exponent.
    var fractions = 0
    var strings = 0
    var forms = StringForms()
    var arrays = 0
    /// The elements of every array seen here, together.
    var elements: ElementSummary?
    var objects = 0
    /// The shape every object seen here is merged into.
    var object: ObjectNode?
    /// The objects seen here that hold a discriminator (`type`, `object`, `kind`) as text, a
    /// shape per tag: a tagged union when their shapes differ (``Inference/findUnions(from:)``),
    /// else merged into ``object``.
    var variants: Variants?

    /// Values that are not `null`.
    var values: Int { bools + integers + hugeIntegers + fractions + strings + arrays + objects }

    /// Which kind of value it holds (`null` aside): 0 bools, 1 numbers, 2 strings, 3 arrays,
    /// 4 objects; `nil` for several kinds or none.
    var kind: Int? {
        let kinds = [bools, integers + hugeIntegers + fractions, strings, arrays, objects]
        let held = kinds.indices.filter { kinds[$0] > 0 }
        return held.count == 1 ? held[0] : nil
    }

    /// Whether `summaries` all hold values of one kind (objects and arrays of objects: with
    /// half their keys in common, the shape a map's values share).
    static func shareOneKind(_ summaries: [Summary]) -> Bool {
        let kinds = Set(summaries.map(\.kind))
        guard kinds.count == 1, let kind = kinds.first, kind != nil else { return false }
        let objects = summaries.compactMap { $0.object?.resolved ?? $0.elements?.summary.object?.resolved }
        guard let first = objects.first else { return true }
        let firstKeys = Set(first.keys)
        return objects.allSatisfy { node in
            let keys = Set(node.keys)
            return keys.intersection(firstKeys).count * 2 >= keys.union(firstKeys).count
        }
    }

    /// Adds what `other` saw; pairs of shapes to merge are added to `pending` rather than
    /// merged here, so that merging never recurses.
    mutating func merge(_ other: Summary, pending: inout [(ObjectNode, ObjectNode)]) {
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        smallest = min(smallest, other.smallest)
        largest = max(largest, other.largest)
        hugeIntegers += other.hugeIntegers
        fractions += other.fractions
        if other.strings > 0 { forms = strings > 0 ? forms.merged(with: other.forms) : other.forms }
        strings += other.strings
        arrays += other.arrays
        if let theirs = other.elements {
            if let elements {
                if elements !== theirs { elements.summary.merge(theirs.summary, pending: &pending) }
            } else {
                elements = theirs
            }
        }
        objects += other.objects
        if let theirs = other.object {
            if let object { pending.append((object, theirs)) } else { object = theirs }
        }
        if let theirs = other.variants {
            if let variants { variants.absorb(theirs, pending: &pending) } else { variants = theirs }
        }
    }
}

/// The shapes of the objects at one place, by the text of their discriminator: one shape per
/// tag, in the order the tags were met. Shared as summaries merge.
final class Variants {
    /// The discriminator's key.
    let key: String
    private(set) var tags: [String] = []
    private(set) var nodes: [String: ObjectNode] = [:]
    /// Decided a tagged union: each shape is a case's payload, without the discriminator.
    private(set) var isUnion = false
    /// The stand-in shape that names the union's enum (``ObjectNode/becomeEnum(of:)``).
    private(set) var enumNode: ObjectNode?

    /// The key beside the discriminator that holds each case's payload, when that is all the
    /// objects hold (adjacently tagged: `{"type": "chat", "payload": {…}}`); `nil` when the
    /// payload is the object's other keys (internally tagged).
    private(set) var content: String?

    /// Makes these shapes a tagged union's cases, `standIn` naming its enum; `content`: the
    /// key of an adjacently tagged payload.
    func becomeUnion(named standIn: ObjectNode, content: String?) {
        isUnion = true
        enumNode = standIn
        self.content = content
        standIn.becomeEnum(of: self)
        for (_, node) in shapes { node.removeKey(key) }
        for (tag, node) in payloads { node.becomePayload(of: self, tag: tag) }
    }

    /// Each case's payload shape: the object without its discriminator, or, adjacently tagged,
    /// the object under ``content``.
    var payloads: [(tag: String, node: ObjectNode)] {
        guard let content else { return shapes.map { ($0.tag, $0.node.resolved) } }
        return shapes.compactMap { tag, node in node.resolved.summary(of: content).object.map { (tag, $0.resolved) } }
    }

    init(key: String) {
        self.key = key
    }

    /// The shape of the objects tagged `tag`, made by `make` the first time.
    func node(for tag: String, make: () -> ObjectNode) -> ObjectNode {
        if let node = nodes[tag] { return node }
        let node = make()
        tags.append(tag)
        nodes[tag] = node
        return node
    }

    /// Each tag's shape, in the order met.
    var shapes: [(tag: String, node: ObjectNode)] { tags.compactMap { tag in nodes[tag].map { (tag, $0) } } }

    /// Takes `other`'s tags: a tag both have merges its two shapes; another discriminator's
    /// objects merge into this one's first shape (the place is then no union).
    func absorb(_ other: Variants, pending: inout [(ObjectNode, ObjectNode)]) {
        guard other !== self else { return }
        for (tag, node) in other.shapes {
            if let mine = nodes[tag], other.key == key {
                pending.append((mine, node))
            } else if other.key == key {
                tags.append(tag)
                nodes[tag] = node
            } else if let first = shapes.first?.node {
                pending.append((first, node))
            }
        }
    }
}

/// The elements of the arrays seen at one place, shared as they merge.
final class ElementSummary {
    var summary = Summary()
}

/// An integer of a sample, of either sign, that `Int64` or `UInt64` holds: what the generator
/// compares (`Int128` would need macOS 15 / iOS 18).
struct SampleInteger: Comparable {
    let isNegative: Bool
    let magnitude: UInt64

    init(_ value: Int64) {
        isNegative = value < 0
        magnitude = value.magnitude
    }

    init(_ value: UInt64) {
        isNegative = false
        magnitude = value
    }

    init(negative magnitude: UInt64) {
        isNegative = magnitude != 0
        self.magnitude = magnitude
    }

    /// The integer the text is, when `Int64` or `UInt64` reads it.
    init?(_ text: String) {
        if let value = Int64(text) {
            self.init(value)
        } else if let value = UInt64(text) {
            self.init(value)
        } else {
            return nil
        }
    }

    static func < (left: SampleInteger, right: SampleInteger) -> Bool {
        if left.isNegative != right.isNegative { return left.isNegative }
        return left.isNegative ? left.magnitude > right.magnitude : left.magnitude < right.magnitude
    }
}
