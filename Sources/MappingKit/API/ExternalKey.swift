/// Where a property's value sits in the external dictionary: a key, or a path of keys and array
/// indexes into nested containers.
///
/// Written as a string, dots separate the steps; after the first step, a number indexes an
/// array and a step in single quotes is a key, whatever it looks like:
///
/// ```swift
/// "name"                 // dictionary["name"]
/// "user.profile.name"    // dictionary["user"]["profile"]["name"]
/// "images.0.url"         // dictionary["images"][0]["url"]
/// "stats.'2023'.total"   // dictionary["stats"]["2023"]["total"]
/// #"version\.major"#     // dictionary["version.major"]: a backslash keeps a dot literal
/// .literal("a.b.c")      // dictionary["a.b.c"], taken as one key
/// ```
///
/// Reading and writing agree: an index step reads an array and writes one, a key step a
/// dictionary. Data of the other kind where a step expects one is an error that names the step,
/// never a silent miss.
public struct ExternalKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step of a path.
    ///
    /// ```swift
    /// ExternalKey("images.0.url").steps   // [.key("images"), .index(0), .key("url")]
    /// ```
    public enum Step: Sendable, Hashable {
        /// A dictionary key.
        ///
        /// ```swift
        /// ExternalKey(steps: [.key("user"), .key("name")])   // "user.name"
        /// ```
        case key(String)
        /// A position in an array.
        ///
        /// ```swift
        /// ExternalKey(steps: [.key("images"), .index(0)])   // "images.0"
        /// ```
        case index(Int)

        /// The step as text: a key as it is, an index as its digits.
        var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): "\(index)"
            }
        }
    }

    /// The steps from the model's dictionary to the value.
    ///
    /// ```swift
    /// ExternalKey("user.name").steps   // [.key("user"), .key("name")]
    /// ```
    public let steps: [Step]

    /// The steps as text: keys as they are, indexes as their digits.
    ///
    /// ```swift
    /// ExternalKey("images.0.url").components   // ["images", "0", "url"]
    /// ```
    public var components: [String] {
        steps.map(\.text)
    }

    /// Parses a dotted path; `\.` is a literal dot inside a step, `'…'` a key step.
    ///
    /// ```swift
    /// ExternalKey("user.profile.name").components   // ["user", "profile", "name"]
    /// ExternalKey(#"version\.major"#).components  // ["version.major"]
    /// ```
    public init(_ path: String) {
        var steps: [Step] = []
        var current = ""
        var escaping = false
        // Whether the step so far opened, and (for its last character) closed, with a bare quote.
        var opensQuote = false
        var closesQuote = false
        func finish() {
            if opensQuote, closesQuote, current.count >= 2 {
                steps.append(.key(String(current.dropFirst().dropLast())))
            } else if !steps.isEmpty, let index = Self.index(current) {
                steps.append(.index(index))
            } else {
                steps.append(.key(current))
            }
            (current, opensQuote, closesQuote) = ("", false, false)
        }
        for character in path {
            if escaping {
                current.append(character)
                escaping = false
                closesQuote = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                finish()
            } else {
                if character == "'" && current.isEmpty { opensQuote = true }
                closesQuote = character == "'"
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        finish()
        self.steps = steps
    }

    /// A path of keys given one by one; no step is split, and digits are keys too.
    ///
    /// ```swift
    /// ExternalKey(components: ["stats", "2023"]).steps   // [.key("stats"), .key("2023")]
    /// ```
    public init(components: [String]) {
        self.init(steps: components.map(Step.key))
    }

    /// A path given step by step. The first step is always looked up in the model's dictionary,
    /// so it must be a key; an index there is taken as its digits.
    ///
    /// ```swift
    /// ExternalKey(steps: [.key("images"), .index(0), .key("url")]).description   // "images.0.url"
    /// ```
    public init(steps: [Step]) {
        var steps = steps.isEmpty ? [.key("")] : steps
        if case .index(let index) = steps[0] { steps[0] = .key("\(index)") }
        self.steps = steps
    }

    /// A path written as a string literal: `"user.profile.name"`.
    ///
    /// ```swift
    /// let key: ExternalKey = "user.profile.name"
    /// ```
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// One key, taken as it is even when it contains dots.
    ///
    /// ```swift
    /// map.map(\.version, to: .literal("app.version"))   // dictionary["app.version"]
    /// ```
    public static func literal(_ key: String) -> ExternalKey {
        ExternalKey(steps: [.key(key)])
    }

    /// The path as it is written: steps joined by dots, literal dots escaped, keys that would
    /// read as indexes quoted.
    ///
    /// ```swift
    /// ExternalKey(components: ["a.b", "7"]).description   // #"a\.b.'7'"#
    /// ```
    public var description: String {
        steps.enumerated().map { position, step in
            switch step {
            case .index(let index):
                return "\(index)"
            case .key(let key):
                let escaped = key.escapingDots
                let looksQuoted = key.count >= 2 && key.hasPrefix("'") && key.hasSuffix("'")
                let needsQuotes = looksQuoted || (position > 0 && Self.index(key) != nil)
                return needsQuotes ? "'\(escaped)'" : escaped
            }
        }.joined(separator: ".")
    }

    /// The key itself when the path is a single step: the fast, common case.
    var singleKey: String? {
        guard steps.count == 1, case .key(let key) = steps[0] else { return nil }
        return key
    }

    /// The index a step's text names: digits without a leading zero (`"007"` is a key).
    private static func index(_ text: String) -> Int? {
        guard let index = Int(text), index >= 0, "\(index)" == text else { return nil }
        return index
    }
}

extension ExternalKey.Step {
    /// How an error path shows the step.
    var pathComponent: PathComponent {
        switch self {
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        }
    }
}

extension String {
    fileprivate var escapingDots: String {
        var result = ""
        for character in self {
            if character == "." || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result
    }
}
