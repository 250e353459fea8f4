/// Merges the shapes seen in several places into one type: shapes with the same keys; shapes
/// named alike (`user` here and there) with mostly the same keys; and a shape whose keys are
/// nearly all of another's (a retweet's status inside a status). Structs never merge into a
/// shape that would contain itself; final classes may.
struct ShapeMerging {
    let allowsSelfContainment: Bool

    func run(from root: Summary) {
        mergeWhere(root) { first, second in first.keySet == second.keySet }
        mergeWhere(root) { first, second in
            guard first.typeStem == second.typeStem else { return false }
            let shared = first.keySet.intersection(second.keySet).count
            return shared * 2 >= first.keySet.union(second.keySet).count
        }
        mergeWhere(root) { first, second in
            let (small, large) = first.keySet.count <= second.keySet.count ? (first, second) : (second, first)
            return small.keySet.count >= 3 && small.keySet.isSubset(of: large.keySet) && small.keySet.count * 4 >= large.keySet.count * 3
        }
    }

    /// Merges every pair of live shapes that `similar` accepts, first met first, until no pair
    /// is left.
    private func mergeWhere(_ root: Summary, _ similar: (ShapeKeys, ShapeKeys) -> Bool) {
        var changed = true
        while changed {
            changed = false
            let shapes = Self.shapes(from: root).filter { !$0.keys.isEmpty }.map(ShapeKeys.init)
            var merged: Set<ObjectIdentifier> = []
            for (index, first) in shapes.enumerated() where !merged.contains(ObjectIdentifier(first.node)) {
                for second in shapes[(index + 1)...] where !merged.contains(ObjectIdentifier(second.node)) {
                    guard similar(first, second), mayMerge(first.node.resolved, second.node.resolved) else { continue }
                    ObjectNode.unify([(first.node, second.node)])
                    merged.insert(ObjectIdentifier(second.node))
                    changed = true
                }
            }
        }
    }

    private func mayMerge(_ first: ObjectNode, _ second: ObjectNode) -> Bool {
        allowsSelfContainment || (!Self.contains(first, directly: second) && !Self.contains(second, directly: first))
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

    /// Every live shape reachable from `root` (maps are looked through), first met first.
    static func shapes(from root: Summary) -> [ObjectNode] {
        var found: [ObjectNode] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        var index = 0
        while index < pending.count {
            let summary = pending[index]
            index += 1
            if let elements = summary.elements { pending.append(elements.summary) }
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
    let typeStem: String

    init(_ node: ObjectNode) {
        self.node = node
        keySet = Set(node.keys)
        let origin = node.namingOrigin
        typeStem = Naming.typeName(for: origin.key, isElement: origin.isElement)
    }
}
