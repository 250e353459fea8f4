/// Swift names from JSON keys: camelCase properties, PascalCase types (array keys singular),
/// keywords escaped, names of Foundation's and MappingKit's types avoided.
enum Naming {
    /// Words that read better in capitals inside a name: `profileImageURL`, `userID`.
    private static let acronyms: Set<String> = ["url", "id", "uri", "html", "json", "api", "ip", "uuid", "http"]

    /// Swift's keywords: a property of that name is declared in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "package", "any", "some", "self",
    ]

    /// Property names the generated code cannot use even in backticks, or uses itself.
    static let reservedProperties: Set<String> = ["Self", "Type", "Protocol", "init", "deinit", "subscript", "mappingConfiguration"]

    /// Type names that would hide a type the generated code or its users need.
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Collection", "Data", "Date", "Decimal", "Decoder",
        "Dictionary", "Double", "Element", "Encoder", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Index",
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "JSONValue", "Key", "Locale", "Mappable", "Mapper",
        "MappingConfiguration", "MappingError", "Never", "NSNull", "NSNumber", "Optional", "Protocol", "Range", "Result",
        "Self", "Sendable", "Sequence", "Set", "String", "Type", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
        "UnmappedValues", "URL", "UUID", "Value", "Void", "Adapter", "TimeZone", "Calendar", "Notification", "Unit",
        "Measurement", "Foundation", "MappingKit", "Swift",
    ]

    /// The words of a key: runs of ASCII letters and digits; a word all in capitals is lowered
    /// (`PLEYEL_PLEYEL`), camel humps inside a word are kept (`areaNames`).
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in key.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        words = words.map { $0.contains(where: \.isLowercase) ? $0 : $0.lowercased() }
        // A sign is a word of its own (GitHub's reactions `+1` and `-1`), and a small number
        // after it is spelled: `plusOne`, `minusOne`.
        if let sign = key.unicodeScalars.first, sign == "+" || sign == "-", !words.isEmpty {
            if let number = Int(words[0]), numberWords.indices.contains(number) { words[0] = numberWords[number] }
            words.insert(sign == "+" ? "plus" : "minus", at: 0)
        }
        return words
    }

    private static let numberWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Property names for `key`, best first: with acronyms in capitals, then without.
    static func propertyCandidates(for key: String) -> [String] {
        let words = words(of: key)
        guard let first = words.first else { return ["value"] }
        let head = lowerLeading(first)
        let withAcronyms = head + words.dropFirst().map { acronyms.contains($0.lowercased()) ? $0.uppercased() : capitalized($0) }.joined()
        let plain = head + words.dropFirst().map(capitalized).joined()
        return (withAcronyms == plain ? [plain] : [withAcronyms, plain]).map(startingWithLetter)
    }

    /// The type name a key suggests: `user` → `User`, `statuses` (as an array) → `Status`,
    /// `urls` → `URL`.
    static func typeName(for key: String, isElement: Bool) -> String {
        var words = words(of: key)
        if isElement, let last = words.popLast() { words.append(singular(last)) }
        let name = words.map { acronyms.contains($0.lowercased()) ? $0.uppercased() : capitalized($0) }.joined()
        return name.isEmpty ? (isElement ? "Element" : "Object") : startingWithLetter(name)
    }

    /// The singular of an English plural, for array element types: `categories` → `category`,
    /// `statuses` → `status`, `hashtags` → `hashtag`; words that are not plurals stay.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index"]
        if let known = irregular[lower] { return String(word.prefix(1)) + known.dropFirst() }
        func dropping(_ count: Int, adding suffix: String = "") -> String { String(word.dropLast(count)) + suffix }
        if lower.hasSuffix("ies"), lower.count > 4 { return dropping(3, adding: "y") }
        if lower.hasSuffix("ouses") { return dropping(1) }
        for ending in ["sses", "uses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(ending) { return dropping(2) }
        if lower.hasSuffix("s"), !["ss", "us", "is"].contains(where: lower.hasSuffix), lower.count > 2 { return dropping(1) }
        return word
    }

    /// `name`, in backticks when it is a keyword.
    static func declared(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Lowers a leading run of capitals, keeping the last when a lowercase letter follows:
    /// `URLString` → `urlString`, `Name` → `name`.
    private static func lowerLeading(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        if end > 1, end < characters.count, characters[end].isLowercase { end -= 1 }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    private static func startingWithLetter(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }
}
