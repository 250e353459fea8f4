/// Merges the shapes seen in several places into one type: shapes with the same keys under the
/// same name; shapes named alike (`user` here and there) with mostly the same keys; and a shape
/// whose keys are nearly all of another's (a retweet's status inside a status), under another
/// name only when it has eight keys or more. Structs never merge into a
/// shape that would contain itself; final classes may.
struct ShapeMerging {
    let allowsSelfContainment: Bool

    func run(from root: Summary) {
        // The same keys under the same name (`user` in a status and in its retweet), or side by
        // side in one object with three keys or more (an image's `small`, `medium` and `large`
        // sizes). Otherwise they are different things that happen to look alike (npm's
        // `scripts` and `directories`, both `{"test": …}`).
        mergeWhere(root, partners: { shape, index in index.bySignature[shape.signature] ?? [] }) { first, second in
            first.keySet == second.keySet && (first.typeStem == second.typeStem || first.keySet.count >= 3 && first.isSibling(of: second))
        }
        mergeWhere(root, partners: { shape, index in index.byStem[shape.typeStem] ?? [] }) { first, second in
            let shared = first.keySet.intersection(second.keySet).count
            return shared * 2 >= first.keySet.union(second.keySet).count
        }
        // A shape's supersets all hold each of its keys: its rarest key's shapes are the candidates.
        mergeWhere(root, partners: { shape, index in
            shape.node.keys.map { index.byKey[$0] ?? [] }.min { $0.count < $1.count } ?? []
        }) { first, second in
            let (small, large) = first.keySet.count <= second.keySet.count ? (first, second) : (second, first)
            // Under another name, only a shape too large to be alike by chance.
            let enough = small.keySet.count >= (first.typeStem == second.typeStem ? 3 : 8)
            return enough && small.keySet.isSubset(of: large.keySet) && small.keySet.count * 4 >= large.keySet.count * 3
        }
    }

    /// The live shapes, and their positions by key set, by suggested name and by key, so that
    /// each shape is compared only with the shapes that could be similar to it.
    private struct ShapeIndex {
        var shapes: [ShapeKeys] = []
        var bySignature: [String: [Int]] = [:]
        var byStem: [String: [Int]] = [:]
        var byKey: [String: [Int]] = [:]

        init(_ root: Summary) {
            // A tagged union's cases stay apart: their shapes differ by design.
            shapes = ShapeMerging.shapes(from: root).filter { !$0.keys.isEmpty && $0.union == nil && $0.names == nil }.map(ShapeKeys.init)
            for (position, shape) in shapes.enumerated() {
                bySignature[shape.signature, default: []].append(position)
                byStem[shape.typeStem, default: []].append(position)
                for key in shape.node.keys { byKey[key, default: []].append(position) }
            }
        }
    }

    /// Merges every pair of live shapes that `similar` accepts, first met first, until no pair
    /// is left; `partners` gives the positions of the shapes worth comparing with one.
    private func mergeWhere(
        _ root: Summary,
        partners: (ShapeKeys, ShapeIndex) -> [Int],
        _ similar: (ShapeKeys, ShapeKeys) -> Bool
    ) {
        var changed = true
        while changed {
            changed = false
            let index = ShapeIndex(root)
            var merged: Set<Int> = []
            for (position, first) in index.shapes.enumerated() where !merged.contains(position) {
                for other in partners(first, index) where other != position && !merged.contains(other) {
                    let second = index.shapes[other]
                    guard similar(first, second), mayMerge(first.node.resolved, second.node.resolved) else { continue }
                    ObjectNode.unify([(first.node, second.node)])
                    merged.insert(other)
                    changed = true
                }
            }
        }
    }

    private func mayMerge(_ first: ObjectNode, _ second: ObjectNode) -> Bool {
        // Two cases' own parts (GitHub's `payload`s) stay apart unless they have the same keys:
        // the cases differ there by design.
        if let one = first.origin.parent?.resolved.union, let other = second.origin.parent?.resolved.union,
           one.variants === other.variants, one.tag != other.tag, Set(first.keys) != Set(second.keys) {
            return false
        }
        return allowsSelfContainment || (!Self.contains(first, directly: second) && !Self.contains(second, directly: first))
    }

    /// Whether `node`, or a shape it holds as a plain or optional property, holds `target`.
    static func contains(_ node: ObjectNode, directly target: ObjectNode) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var pending = [node]
        while let next = pending.popLast() {
            for key in next.keys {
                guard let child = next.summary(of: key).object?.resolved, !child.isMap else { continue }
                if child === target { return true }
                if seen.insert(ObjectIdentifier(child)).inserted { pending.append(child) }
            }
        }
        return false
    }

    /// Every live shape reachable from `root` (maps are looked through), first met first: only
    /// through places whose values are all objects (or all arrays), since a place of several
    /// kinds is `Any`, and a shape seen only there is no type of the models.
    static func shapes(from root: Summary) -> [ObjectNode] {
        var found: [ObjectNode] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        var index = 0
        while index < pending.count {
            let summary = pending[index]
            index += 1
            if summary.kind == 3, let elements = summary.elements { pending.append(elements.summary) }
            guard summary.kind == 4 else { continue }
            // A tagged union: its enum's stand-in, then each case's payload.
            if let variants = summary.variants, variants.isUnion, let standIn = variants.enumNode,
               seen.insert(ObjectIdentifier(standIn)).inserted {
                found.append(standIn)
                for (_, payload) in variants.payloads {
                    let node = payload.resolved
                    guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
                    found.append(node)
                    pending += node.keys.map(node.summary(of:))
                }
            }
            guard let node = summary.object?.resolved, seen.insert(ObjectIdentifier(node)).inserted else { continue }
            if let values = node.mapValues {
                pending.append(values)
            } else {
                found.append(node)
                pending += node.keys.map(node.summary(of:))
            }
        }
        return found
    }
}

/// A shape with its keys as a set and the name its first place suggests.
struct ShapeKeys {
    let node: ObjectNode
    let keySet: Set<String>
    /// The keys, sorted and joined: equal for equal key sets.
    let signature: String
    let typeStem: String

    /// Whether the two were first seen in the same object.
    func isSibling(of other: ShapeKeys) -> Bool {
        guard let parent = node.origin.parent?.resolved, let otherParent = other.node.origin.parent?.resolved else { return false }
        return parent === otherParent && !node.origin.isElement && !other.node.origin.isElement
    }

    init(_ node: ObjectNode) {
        self.node = node
        keySet = Set(node.keys)
        signature = node.keys.sorted().joined(separator: "\u{0}")
        let origin = node.namingOrigin
        typeStem = Naming.typeName(for: origin.key, isElement: origin.isElement)
    }
}
