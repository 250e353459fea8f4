/// One object shape: the keys seen (in first-seen order), what each held, and in how many of the
/// objects each appeared. Shapes merge by union-find: a merged node forwards to the one it
/// joined, and ``resolved`` is the shape that stands for both.
final class ObjectNode {
    /// Creation order: the order the walk first met the shapes.
    let order: Int
    /// Where the shape was first seen, for its name.
    let origin: NameOrigin
    private(set) var keys: [String] = []
    private(set) var fields: [String: Summary] = [:]
    private(set) var presence: [String: Int] = [:]
    /// How many objects the shape stands for.
    private(set) var count = 0
    /// Set when the keys are data (ids, dates) rather than names: every value, together.
    private(set) var mapValues: Summary?
    private var forward: ObjectNode?
    /// Set on a tagged union's case payload: the union, and the tag of its case.
    private(set) var union: (variants: Variants, tag: String)?
    /// Set on the stand-in that names a tagged union's enum (``Variants/enumNode``).
    private(set) var names: Variants?

    init(order: Int, origin: NameOrigin) {
        self.order = order
        self.origin = origin
    }

    /// The shape this one has been merged into, or itself.
    var resolved: ObjectNode {
        var node = self
        while let next = node.forward { node = next }
        var step = self
        while let next = step.forward, next !== node {
            step.forward = node
            step = next
        }
        return node
    }

    var isMap: Bool { mapValues != nil }

    /// Counts one more object of this shape.
    func countObject() {
        count += 1
    }

    /// Notes that the current object has `key`, once per object.
    func notePresence(of key: String) {
        if fields[key] == nil {
            keys.append(key)
            fields[key] = Summary()
        }
        presence[key, default: 0] += 1
    }

    /// Makes the shape the payload of `variants`' case `tag`.
    func becomePayload(of variants: Variants, tag: String) {
        union = (variants, tag)
    }

    /// Makes the node the stand-in for `variants`' enum, named as its first shape would be.
    func becomeEnum(of variants: Variants) {
        names = variants
    }

    /// Runs `body` on the map's values (a map's only summary).
    func withMapValues(_ body: (inout Summary) -> Void) {
        guard var values = mapValues else { return }
        body(&values)
        mapValues = values
    }

    /// Forgets `key` (a tagged union's discriminator, which the enum reads, not its payload).
    func removeKey(_ key: String) {
        keys.removeAll { $0 == key }
        fields[key] = nil
        presence[key] = nil
    }

    /// Runs `body` on the summary of `key`'s values.
    func withField(_ key: String, _ body: (inout Summary) -> Void) {
        var summary = fields.removeValue(forKey: key) ?? Summary()
        body(&summary)
        fields[key] = summary
    }

    func summary(of key: String) -> Summary {
        fields[key] ?? Summary()
    }

    func presence(of key: String) -> Int {
        presence[key] ?? 0
    }

    /// Lets go of every summary and the shape this one was merged into: merged shapes and shapes
    /// that hold themselves refer to one another in cycles, which this breaks once generation ends.
    func releaseReferences() {
        (keys, fields, presence, mapValues, forward, union, names) = ([], [:], [:], nil, nil, nil, nil)
    }

    /// Makes the shape a map from its keys to one value type: every field's values, together.
    func becomeMap() {
        var pending: [(ObjectNode, ObjectNode)] = []
        becomeMap(pending: &pending)
        Self.unify(pending)
    }

    private func becomeMap(pending: inout [(ObjectNode, ObjectNode)]) {
        guard mapValues == nil else { return }
        var values = Summary()
        for key in keys { values.merge(fields[key] ?? Summary(), pending: &pending) }
        mapValues = values
        (keys, fields, presence) = ([], [:], [:])
    }

    /// Merges each pair's shapes (or the shapes they were merged into), and the shapes their
    /// keys hold in turn, with a work list rather than recursion.
    static func unify(_ pairs: [(ObjectNode, ObjectNode)]) {
        var pending = pairs
        while let (first, second) = pending.popLast() {
            first.resolved.absorb(second.resolved, pending: &pending)
        }
    }

    /// Merges `other` into this shape, or this one into `other` when `other` came first. A map
    /// merged with a shape is a map.
    private func absorb(_ other: ObjectNode, pending: inout [(ObjectNode, ObjectNode)]) {
        guard self !== other else { return }
        let (keep, join) = order <= other.order ? (self, other) : (other, self)
        join.forward = keep
        keep.count += join.count
        if join.isMap { keep.becomeMap(pending: &pending) }
        if var values = keep.mapValues {
            for key in join.keys { values.merge(join.fields[key] ?? Summary(), pending: &pending) }
            if let theirs = join.mapValues { values.merge(theirs, pending: &pending) }
            keep.mapValues = values
            return
        }
        for key in join.keys {
            let theirs = join.fields[key] ?? Summary()
            if var mine = keep.fields[key] {
                mine.merge(theirs, pending: &pending)
                keep.fields[key] = mine
            } else {
                keep.keys.append(key)
                keep.fields[key] = theirs
            }
            keep.presence[key, default: 0] += join.presence[key] ?? 0
        }
    }
}

extension ObjectNode {
    /// Where the shape's name comes from: where it was first seen or, for the values of a map,
    /// the map's own place, as its elements (`events: {"138586341": {…}}` → `Event`).
    ///
    /// The elements of a list under a generic key are named after the list's own key: Stripe's
    /// `subscriptions: {"data": […]}` holds `Subscription`s, not `Data`.
    var namingOrigin: NameOrigin {
        var origin = origin
        while let parent = origin.parent?.resolved, parent.isMap {
            origin = NameOrigin(key: parent.origin.key, isElement: true, parent: parent.origin.parent)
        }
        if origin.isElement, Self.genericKeys.contains(origin.key.lowercased()), let parent = origin.parent?.resolved, parent.origin.parent != nil {
            let outer = parent.namingOrigin
            origin = NameOrigin(key: outer.key, isElement: true, parent: outer.parent)
        }
        return origin
    }

    /// Keys that say "the elements" and nothing of what they are.
    private static let genericKeys: Set<String> = ["data", "items", "results", "list", "nodes", "edges", "entries", "elements", "values", "records", "objects"]
}

extension ObjectNode {
    /// Where the shape was first seen, as a JSON path from the top: keys joined by dots, `[]`
    /// after an array's key for its elements (`versions`, `statuses[].user`).
    var path: String {
        var steps: [String] = []
        var origin: NameOrigin? = self.origin
        while let current = origin, let parent = current.parent {
            steps.append(current.key + (current.isElement ? "[]" : ""))
            origin = parent.origin
        }
        return steps.reversed().joined(separator: ".")
    }
}

/// Where a shape was first seen: the key it was under, whether as an array's elements (or a
/// map's values), and the shape it was inside.
struct NameOrigin {
    var key: String
    var isElement: Bool
    var parent: ObjectNode?
}
