/// Walks the samples into one ``Summary`` for the top level: objects at the same place merge
/// into one shape as they are met; every shape is kept in ``nodes``, in the order it was met.
final class Inference {
    private(set) var nodes: [ObjectNode] = []
    var root = Summary()

    deinit {
        for node in nodes { node.releaseReferences() }
    }

    /// Adds one sample's value to the top-level summary; `name` names the top type.
    func observe(sample value: SampleValue, name: String) {
        observe(value, into: &root, origin: NameOrigin(key: name, isElement: false, parent: nil))
    }

    /// Recurses once per level of the sample, which ``SampleParser/maximumDepth`` bounds.
    private func observe(_ value: SampleValue, into summary: inout Summary, origin: NameOrigin) {
        switch value {
        case .null:
            summary.nulls += 1
        case .bool:
            summary.bools += 1
        case .number(let text):
            if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                summary.fractions += 1
            } else if let integer = SampleInteger(text) {
                summary.integers += 1
                summary.smallest = min(summary.smallest, integer)
                summary.largest = max(summary.largest, integer)
            } else {
                summary.hugeIntegers += 1
            }
        case .string(let text):
            summary.strings += 1
            summary.forms.observe(text)
        case .array(let elements):
            summary.arrays += 1
            let box = summary.elements ?? ElementSummary()
            summary.elements = box
            let elementOrigin = NameOrigin(key: origin.key, isElement: true, parent: origin.parent)
            for element in elements { observe(element, into: &box.summary, origin: elementOrigin) }
        case .object(let members):
            summary.objects += 1
            let node: ObjectNode
            if let (key, tag) = Self.discriminator(of: members, at: origin) {
                // Kept apart by tag until the shapes are compared (`findUnions`).
                let variants = summary.variants ?? Variants(key: key)
                summary.variants = variants
                node = variants.node(for: variants.key == key ? tag : variants.tags.first ?? tag) { makeNode(origin) }
            } else {
                node = summary.object ?? makeNode(origin)
                summary.object = node
            }
            node.countObject()
            var seen = Set<String>()
            for (key, value) in members {
                if seen.insert(key).inserted { node.notePresence(of: key) }
                node.withField(key) { field in
                    observe(value, into: &field, origin: NameOrigin(key: key, isElement: false, parent: node))
                }
            }
        }
    }

    /// Keys that name an object's kind in the APIs people model by hand: GitHub's and GeoJSON's
    /// `type`, Stripe's `object`, Kubernetes' `kind`; the first one an object holds as text.
    /// Never at the top level, which is the model asked for.
    private static let discriminators = ["type", "object", "kind"]

    private static func discriminator(of members: [(String, SampleValue)], at origin: NameOrigin) -> (key: String, tag: String)? {
        guard origin.parent != nil else { return nil }
        for key in discriminators {
            if let (_, value) = members.first(where: { $0.0 == key }), case .string(let tag) = value, !tag.isEmpty { return (key, tag) }
        }
        return nil
    }

    private func makeNode(_ origin: NameOrigin) -> ObjectNode {
        let node = ObjectNode(order: nodes.count, origin: origin)
        nodes.append(node)
        return node
    }

    /// Decides, from the top down, each place whose objects were kept apart by a discriminator:
    /// a tagged union when there are two tags or more, every object there has one, and the
    /// shapes differ (their keys, or what a key holds: a `payload` with other keys, coordinates
    /// nested deeper); otherwise its shapes merge into one, as any place's do. Top down, so that
    /// a place merged (Stripe's events, whose `type`s differ only inside `data.object`) merges
    /// the places inside it before they are decided.
    func findUnions(from top: ObjectNode) {
        var pending = [top]
        var seen: Set<ObjectIdentifier> = []
        while let next = pending.popLast() {
            let node = next.resolved
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            if node.isMap {
                var found: [ObjectNode] = []
                node.withMapValues { summary in found = decide(&summary) }
                pending += found
                continue
            }
            for key in node.keys {
                var found: [ObjectNode] = []
                node.withField(key) { summary in found = decide(&summary) }
                pending += found
            }
        }
    }

    /// Decides `summary`'s variants (and its elements', at any depth); returns the shapes to
    /// look inside next.
    private func decide(_ summary: inout Summary) -> [ObjectNode] {
        var next: [ObjectNode] = []
        if let elements = summary.elements { next += decide(&elements.summary) }
        if let variants = summary.variants, !variants.isUnion {
            let shapes = variants.shapes.map { ($0.tag, $0.node.resolved) }
            let differ = shapes.indices.contains { first in
                shapes.indices.dropFirst(first + 1).contains { Self.differ(shapes[first].1, shapes[$0].1, without: variants.key) }
            }
            if shapes.count >= 2, summary.object == nil, differ {
                variants.becomeUnion(named: makeNode(shapes[0].1.origin), content: Self.content(of: shapes.map(\.1), without: variants.key))
            } else {
                var pairs = shapes.dropFirst().map { (shapes[0].1, $0.1) }
                if let object = summary.object { pairs.append((object, shapes[0].1)) }
                // Merged in the order the tags were met (`unify` takes the last pair first).
                ObjectNode.unify(pairs.reversed())
                summary.object = shapes[0].1.resolved
                summary.variants = nil
            }
        }
        if let variants = summary.variants { next += variants.shapes.map(\.node) }
        if let object = summary.object { next.append(object) }
        return next
    }

    /// The one key every shape holds beside the discriminator, always an object (a model),
    /// never `null`: the payload of an adjacently tagged union, as the samples are.
    private static func content(of shapes: [ObjectNode], without discriminator: String) -> String? {
        guard let first = shapes.first, case let keys = first.keys.filter({ $0 != discriminator }), keys.count == 1 else { return nil }
        let content = keys[0]
        let isModel = shapes.allSatisfy { node in
            let summary = node.summary(of: content)
            return node.keys.filter { $0 != discriminator } == [content] && node.presence(of: content) == node.count
                && summary.kind == 4 && summary.nulls == 0 && summary.variants == nil
                && summary.object.map { !$0.resolved.isMap && !$0.resolved.keys.isEmpty } == true
        }
        return isModel ? content : nil
    }

    /// Whether two shapes are different things, not one shape of optionals: their keys differ
    /// (`without` the discriminator), or a key holds values of different kinds in each (through
    /// arrays at any depth: GeoJSON's coordinates), or an object with other keys (GitHub's
    /// `payload`). Keys only `null` in one of them say nothing; one level into objects, so that
    /// a difference deeper down (inside Stripe's `data.object`) is decided where it is.
    private static func differ(_ first: ObjectNode, _ second: ObjectNode, without discriminator: String) -> Bool {
        let keys = Set(first.keys).subtracting([discriminator])
        guard keys == Set(second.keys).subtracting([discriminator]) else { return true }
        return keys.contains { differ(first.summary(of: $0), second.summary(of: $0), depth: 1) }
    }

    private static func differ(_ first: Summary, _ second: Summary, depth: Int) -> Bool {
        guard let kind = first.kind, let other = second.kind else { return false }
        guard kind == other else { return true }
        switch kind {
        case 3:
            guard let inner = first.elements?.summary, let otherInner = second.elements?.summary else { return false }
            return differ(inner, otherInner, depth: depth)
        case 4:
            guard depth > 0, first.variants == nil, second.variants == nil,
                  let node = first.object?.resolved, let otherNode = second.object?.resolved, !node.isMap, !otherNode.isMap else { return false }
            return Set(node.keys) != Set(otherNode.keys)
        default:
            return false
        }
    }

    /// Turns every shape whose keys are data into a map, but the top-level shape, which is the
    /// model asked for: keys that are values (``looksLikeData(_:)``) for at least half of them,
    /// or many keys (16 or more) whose values are all of one kind (user names to `true`), or keys
    /// that each object has few of (each in fewer than half the objects, over several objects).
    /// `forced`: JSON paths (``ObjectNode/path``) that are maps, or structs, whatever the keys.
    func findMaps(except top: ObjectNode, maps: Set<String>, structs: Set<String>) {
        for node in nodes where node.resolved === node && node !== top && !node.isMap && !node.keys.isEmpty && node.union == nil {
            let path = node.path
            if structs.contains(path) { continue }
            if maps.contains(path) || Self.keysAreData(node) { node.becomeMap() }
        }
    }

    private static func keysAreData(_ node: ObjectNode) -> Bool {
        let keys = node.keys
        let dataKeys = keys.filter(looksLikeData).count
        if dataKeys == keys.count { return true }
        let summaries = keys.map(node.summary(of:))
        guard Summary.shareOneKind(summaries) else { return false }
        // A place whose name says its keys are the user's own (Stripe's `metadata`,
        // Kubernetes' `labels` and `annotations`, HTTP `headers`), holding texts, whose keys
        // the samples do not show to be fixed (one object, or keys some objects lack; twitter's
        // 173 `metadata` objects all have the same two).
        if freeFormNames.contains(node.origin.key.lowercased()), summaries.allSatisfy({ $0.values > 0 && $0.strings == $0.values }),
           node.count == 1 || keys.contains(where: { node.presence(of: $0) < node.count }) {
            return true
        }
        if dataKeys >= 2, dataKeys * 2 >= keys.count { return true }
        if keys.count >= 16 { return true }
        let presences = keys.map(node.presence(of:)).reduce(0, +)
        return node.count >= 2 && keys.count >= 4 && presences * 2 < node.count * keys.count
    }

    /// Keys under which APIs keep their users' own names and texts.
    private static let freeFormNames: Set<String> = ["metadata", "labels", "annotations", "headers"]

    /// A key that is a value rather than a name: an integer, a date, a UUID, a long hex hash, a
    /// version (`1.0.0`, `v2.1-beta`) or an e-mail address.
    static func looksLikeData(_ key: String) -> Bool {
        let scalars = Array(key.unicodeScalars)
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let digits = scalars.first == "-" ? scalars.dropFirst() : scalars[...]
        if !digits.isEmpty, digits.allSatisfy(isDigit) { return true }
        let isHex = { (scalar: Unicode.Scalar) in isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar) }
        if scalars.count >= 16, scalars.allSatisfy(isHex) { return true }
        if scalars.count == 36, scalars.enumerated().allSatisfy({ [8, 13, 18, 23].contains($0.offset) ? $0.element == "-" : isHex($0.element) }) {
            return true
        }
        if isVersion(scalars) { return true }
        if let at = scalars.firstIndex(of: "@"), at > 0, scalars[(at + 1)...].contains("."), !scalars.contains(" "), scalars.last != "." {
            return true
        }
        let pattern = "dddd-dd-dd"
        return scalars.count >= pattern.count && zip(pattern, scalars).allSatisfy { expected, scalar in
            expected == "d" ? isDigit(scalar) : scalar == "-"
        }
    }

    /// `1.0.0`, `2.1`, `v3.0.0-beta.1`, `1.0.0+build`: numbers joined by dots, an optional `v`,
    /// and a pre-release or build suffix.
    private static func isVersion(_ scalars: [Unicode.Scalar]) -> Bool {
        var rest = scalars[...]
        if rest.first == "v" { rest = rest.dropFirst() }
        let core = rest.prefix { $0 != "-" && $0 != "+" }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
    }
}
