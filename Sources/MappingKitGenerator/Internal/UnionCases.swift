/// A tagged union's cases as Swift names them: one per tag, in the order the samples showed
/// them (`PushEvent` → `pushEvent`), and the fallback case that takes any other tag with the
/// object it came in (`other`, unless a tag takes that name).
struct UnionCases {
    let cases: [(tag: String, name: String)]
    let fallback: String

    init(_ variants: Variants) {
        var used: Set<String> = []
        var cases: [(String, String)] = []
        for (tag, _) in variants.shapes {
            let base = Naming.propertyCandidates(for: tag)[0]
            var name = base
            var suffix = 2
            while used.contains(name) || Naming.reservedProperties.contains(name) {
                name = base + "\(suffix)"
                suffix += 1
            }
            used.insert(name)
            cases.append((tag, name))
        }
        self.cases = cases
        fallback = ["other", "otherKind", "unknownKind"].first { !used.contains($0) } ?? "other\(cases.count + 1)"
    }

    /// Whether a `CodingKeys` enum must give the tags: some case's name is not its tag.
    var renames: Bool { cases.contains { $0.tag != $0.name } }
}
