/// Where a property's value sits in the external dictionary: a key, or a path of keys and array
/// indexes into nested containers.
///
/// Written as a string, dots separate the steps and numbers index arrays:
///
/// ```swift
/// "name"                 // dictionary["name"]
/// "user.profile.name"    // dictionary["user"]["profile"]["name"]
/// "images.0.url"         // dictionary["images"][0]["url"]
/// #"version\.major"#     // dictionary["version.major"]: a backslash keeps a dot literal
/// .literal("a.b.c")      // dictionary["a.b.c"], taken as one key
/// ```
///
/// A numeric step indexes an array when the container is an array, and is a key when it is a
/// dictionary.
public struct ExternalKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The steps from the model's dictionary to the value.
    public let components: [String]

    /// Parses a dotted path; `\.` is a literal dot inside a step.
    public init(_ path: String) {
        var components: [String] = []
        var current = ""
        var escaping = false
        for character in path {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        components.append(current)
        self.components = components
    }

    /// A path given step by step; no step is split.
    public init(components: [String]) {
        self.components = components.isEmpty ? [""] : components
    }

    /// A path written as a string literal: `"user.profile.name"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// One key, taken as it is even when it contains dots.
    public static func literal(_ key: String) -> ExternalKey {
        ExternalKey(components: [key])
    }

    /// The path as it is written: steps joined by dots, literal dots escaped.
    public var description: String {
        components.map(\.escapingDots).joined(separator: ".")
    }

    /// The key itself when the path is a single step: the fast, common case.
    var singleKey: String? {
        components.count == 1 ? components[0] : nil
    }
}

extension String {
    fileprivate var escapingDots: String {
        var result = ""
        for character in self {
            if character == "." { result += "\\." } else { result.append(character) }
        }
        return result
    }
}
