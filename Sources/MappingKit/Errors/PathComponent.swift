/// One step of the path from the mapped root to a value: a dictionary key or an array index.
enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders a path the way a reader writes it: `messages[2].published_at`.
    ///
    /// Keys that are not plain identifiers are quoted: `cats[0]["eye color"]`.
    static func render(_ components: some Sequence<PathComponent>) -> String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where isPlain(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\(key.debugDescription)]"
            }
        }
        return text
    }

    private static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || scalar == "$" || scalar == "-"
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
    }
}
