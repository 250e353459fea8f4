import MappingKit

/// One generated type: its properties with their Swift names and types, and the configuration
/// that maps them (a key strategy where it covers every key, explicit keys otherwise, adapters,
/// the stash).
struct ModelPlan {
    struct Property {
        var key: String
        var name: String
        /// `: Int64 = 0`, `= User()`, `: URL?`: everything after the name.
        var declaration: String
        var mapsExplicitly: Bool
        var adapter: String?
        var usesFoundation: Bool
        /// The value's type, and whether the property is optional.
        var type: SwiftType
        var isOptional: Bool
    }

    let node: ObjectNode
    let typeName: String
    private(set) var properties: [Property] = []
    private(set) var usesSnakeCase = false
    /// The `UnmappedValues` property's name, when models stash.
    private(set) var stashName: String?

    /// `avoidsKeywords`: keywords are numbered like reserved names instead of declared in
    /// backticks (the `@Observable` macro's expansion cannot spell a backticked name).
    init(node: ObjectNode, typeName: String, stashes: Bool, avoidsKeywords: Bool = false, names: (ObjectNode) -> String) {
        self.node = node
        self.typeName = typeName
        let keys = node.keys
        let candidates = keys.map(Naming.propertyCandidates)
        let snakeCase = KeyStrategy.snakeCase
        var chosen: [String]
        if zip(keys, candidates).allSatisfy({ key, names in names.contains(key) }) {
            chosen = keys
        } else if let snakeNames = Self.names(keys, candidates, { snakeCase.key(for: $0) == $1 }) {
            chosen = snakeNames
            usesSnakeCase = true
        } else {
            chosen = candidates.map { $0[0] }
        }
        var used = Naming.reservedProperties.union(avoidsKeywords ? Naming.keywords : [])
        for (index, key) in keys.enumerated() {
            var name = chosen[index]
            var suffix = 2
            while used.contains(name) {
                name = chosen[index] + "\(suffix)"
                suffix += 1
            }
            used.insert(name)
            let written = usesSnakeCase ? snakeCase.key(for: name) : name
            let summary = node.summary(of: key)
            // A class that holds its own type by value could never be made: such a property is optional.
            let holdsItself = summary.object.map { ShapeMerging.contains($0.resolved, directly: node) || $0.resolved === node } ?? false
            let optional = summary.nulls > 0 || node.presence(of: key) < node.count || holdsItself
            let type = SwiftType.inferred(from: summary, at: optional ? .optionalProperty : .property)
            let declaration = optional ? nil : type.initialValue(names)
            properties.append(Property(
                key: key,
                name: name,
                declaration: declaration ?? ": \(type.spelled(names))?",
                mapsExplicitly: written != key,
                adapter: type.adapter,
                usesFoundation: type.usesFoundation,
                type: type,
                isOptional: declaration == nil
            ))
        }
        if stashes {
            stashName = ["unmapped", "unmappedValues"].first { !used.contains($0) } ?? (2...).lazy.map { "unmapped\($0)" }.first { !used.contains($0) }
        }
    }

    /// A name for every key that `accepts`, the first such candidate of each; `nil` when some
    /// key has none.
    static func names(_ keys: [String], _ candidates: [[String]], _ accepts: (String, String) -> Bool) -> [String]? {
        var names: [String] = []
        for (key, options) in zip(keys, candidates) {
            guard let name = options.first(where: { accepts($0, key) }) else { return nil }
            names.append(name)
        }
        return names
    }

    /// The `map.…` lines of the type's configuration; empty when it needs none.
    func configurationLines(stashes: Bool) -> [String] {
        var lines: [String] = []
        if usesSnakeCase { lines.append("map.keyStrategy = .snakeCase") }
        for property in properties where property.mapsExplicitly || property.adapter != nil {
            var arguments = ["\\.\(Naming.declared(property.name))"]
            if property.mapsExplicitly { arguments.append("to: \(Self.keyLiteral(property.key))") }
            if let adapter = property.adapter { arguments.append("using: \(adapter)") }
            lines.append("map.map(\(arguments.joined(separator: ", ")))")
        }
        if stashes { lines.append("map.undefinedKeys = .stash") }
        return lines
    }

    /// A key as an `ExternalKey` literal: a string, or `.literal(…)` when dots or the other path
    /// characters would make it a path.
    static func keyLiteral(_ key: String) -> String {
        let isPath = key.contains(".") || key.contains("\\") || key.hasPrefix("'")
        return isPath ? ".literal(\(stringLiteral(key)))" : stringLiteral(key)
    }

    /// `text` as a Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .unassigned]
                if invisible.contains(scalar.properties.generalCategory) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
