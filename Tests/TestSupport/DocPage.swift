public import Foundation

/// README.md or a DocC article, read by the tests so that what a snippet's comments show is
/// compared with what its code gives, from the page itself.
///
/// A comment in a snippet shows an outcome (it is a *claim*, see ``isClaim(_:)``) or explains.
/// A test names the line of code a claim belongs to, and gets the claim:
///
/// ```swift
/// // Guide.md:   try store.count(of: Person.self)    // 2
/// #expect(DocPage.guide.shown(after: "try store.count(of: Person.self)") == "\(try store.count(of: Person.self))")
/// ```
///
/// The claim is the line's own comment when that shows an outcome, or else the comment lines
/// right after the line that show one, one per line.
/// `DocSnippetCoverageTests` (MappingKitTests) reads the tests' sources and checks that every claim of every page
/// is reached this way, so none is left unchecked.
public struct DocPage: Sendable {
    /// The page's file name: `"Guide.md"`.
    public let name: String
    /// The page's lines, each with whether it is inside a Swift code block.
    public let lines: [(text: String, inSwift: Bool)]
    /// For each line inside a fenced block, the fence's language (`"swift"`, `"text"`, `""`…);
    /// `nil` for the fences themselves and the lines outside blocks.
    public let fences: [String?]

    /// The DocC catalog, where the articles are.
    public static let articles = PackagePaths.root.appendingPathComponent("Sources/MappingKit/MappingKit.docc")

    // The pages, by the names the tests use (``byProperty`` maps the names to them).
    public static let readme = DocPage(url: PackagePaths.root.appendingPathComponent("README.md"))
    public static let guide = article("Guide")
    public static let firstHour = article("FirstHour")
    public static let gettingStarted = article("GettingStarted")
    public static let overview = article("MappingKit")
    public static let configuration = article("Configuration")
    public static let errors = article("Errors")
    public static let missingKeys = article("MissingKeys")
    public static let undefinedKeys = article("UndefinedKeys")
    public static let modernModels = article("ModernModels")
    public static let taggedEnums = article("TaggedEnums")
    public static let flattening = article("Flattening")
    public static let workingWithJSON = article("WorkingWithJSON")

    /// The pages by the name of their property here, as the tests' sources name them.
    public static let byProperty: [String: DocPage] = [
        "readme": readme, "guide": guide, "firstHour": firstHour, "gettingStarted": gettingStarted, "overview": overview,
        "configuration": configuration, "errors": errors, "missingKeys": missingKeys, "undefinedKeys": undefinedKeys,
        "modernModels": modernModels, "taggedEnums": taggedEnums, "flattening": flattening, "workingWithJSON": workingWithJSON,
    ]

    /// Every page with snippets: README.md and each article.
    public static var all: [DocPage] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: articles.path)) ?? []
        return [readme] + names.filter { $0.hasSuffix(".md") }.sorted().map { article(String($0.dropLast(3))) }
    }

    public static func article(_ name: String) -> DocPage {
        DocPage(url: articles.appendingPathComponent(name + ".md"))
    }

    public init(url: URL) {
        name = url.lastPathComponent
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var fence: String? = nil
        var lines: [(text: String, inSwift: Bool)] = []
        var fences: [String?] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                fence = fence == nil ? String(trimmed.dropFirst(3)) : nil
                lines.append((line, false))
                fences.append(nil)
            } else {
                lines.append((line, fence == "swift"))
                fences.append(fence)
            }
        }
        self.lines = lines
        self.fences = fences
    }

    /// A snippet line's code and comment: `try x()   // 2` gives ("try x()", "2"). A `//` inside a
    /// string literal, raw or not, is not a comment.
    public static func split(_ line: String) -> (code: String, comment: String?) {
        let characters = Array(line)
        var index = 0
        var closing: [Character]? = nil   // what ends the string literal the scan is in
        while index < characters.count {
            if let end = closing {
                if characters[index] == "\\", end == ["\""] {
                    index += 2
                    continue
                }
                if Array(characters[index...].prefix(end.count)) == end {
                    index += end.count
                    closing = nil
                    continue
                }
            } else if characters[index] == "#", characters.dropFirst(index + 1).first == "\"" {
                closing = ["\"", "#"]
                index += 2
                continue
            } else if characters[index] == "\"" {
                closing = ["\""]
            } else if characters[index] == "/", characters.dropFirst(index + 1).first == "/" {
                let comment = String(characters[(index + 2)...])
                return (String(characters[..<index]).trimmingCharacters(in: .whitespaces),
                        comment.hasPrefix(" ") ? String(comment.dropFirst()) : comment)
            }
            index += 1
        }
        return (line.trimmingCharacters(in: .whitespaces), nil)
    }

    /// Whether a comment shows an outcome rather than explaining: a value (`[`, `{`, `"`, `.`, a
    /// digit), facts (`a.b == c`), what is printed (`prints`, `N problems:`, a path's problem), a
    /// value's description (`User(…)`), a mapping (`↔`, `→`), or an indented line that goes on.
    public static func isClaim(_ comment: String) -> Bool {
        let patterns = [
            #"^(?:[\[\{"\.\d]|-\d)"#, " == ", #"^prints "#, #"^[A-Z]\w*\("#, #"^\d+ (?:problems?|entries|entry):"#,
            #": (?:expected |required|coerced|dropped)"#, "↔", "→", #"^\s+\S"#,
        ]
        return patterns.contains { comment.range(of: $0, options: .regularExpression) != nil }
    }

    /// The indices of the Swift lines whose code contains `code`: the one whose code is `code`
    /// when there is one (`user.unmapped` beside `user.unmapped = …`).
    private func lines(containing code: String) -> [Int] {
        let containing = lines.indices.filter { lines[$0].inSwift && Self.split(lines[$0].text).code.contains(code) }
        let exact = containing.filter { Self.split(lines[$0].text).code == code }
        return exact.count == 1 ? exact : containing
    }

    /// The indices of the claim's lines for the one line of code that contains `code`: its own
    /// comment when that is a claim, or else the comment-only lines after it that are claims. Empty when no line, or more than one, has it.
    public func claimLines(after code: String) -> [Int] {
        let found = lines(containing: code)
        guard found.count == 1, let line = found.first else { return [] }
        if let comment = Self.split(lines[line].text).comment, Self.isClaim(comment) { return [line] }
        var claim: [Int] = []
        var next = line + 1
        while next < lines.count, lines[next].inSwift {
            let (code, comment) = Self.split(lines[next].text)
            guard code.isEmpty, let comment, Self.isClaim(comment) else { break }
            claim.append(next)
            next += 1
        }
        return claim
    }

    /// The claim shown for the line of code that contains `code`, its lines joined by newlines;
    /// a message saying what is wrong when the page has no such line or several.
    public func shown(after code: String) -> String {
        let found = lines(containing: code).count
        guard found == 1 else { return "\(name) has \(found) Swift lines containing \(code.debugDescription), not one" }
        let claim = claimLines(after: code).compactMap { Self.split(lines[$0].text).comment }
        return claim.isEmpty ? "\(name) shows nothing after \(code.debugDescription)" : claim.joined(separator: "\n")
    }

    /// The claim lines of a snippet's comment-only claim, which no line of code introduces: the
    /// one whose comment starts with `prefix`, and the indented comment lines that go on from it.
    public func claimLines(startingWith prefix: String) -> [Int] {
        let found = lines.indices.filter { index in
            guard lines[index].inSwift, let comment = Self.split(lines[index].text).comment else { return false }
            return Self.split(lines[index].text).code.isEmpty && comment.hasPrefix(prefix)
        }
        guard found.count == 1, let line = found.first else { return [] }
        var claim = [line]
        while claim.count + line < lines.count, lines[line + claim.count].inSwift {
            let (code, comment) = Self.split(lines[line + claim.count].text)
            guard code.isEmpty, let comment, comment.first?.isWhitespace == true else { break }
            claim.append(line + claim.count)
        }
        return claim
    }

    /// The comment-only claim that starts with `prefix` (see ``claimLines(startingWith:)``).
    public func shown(startingWith prefix: String) -> String {
        let claim = claimLines(startingWith: prefix)
        guard !claim.isEmpty else { return "\(name) has no one comment line starting with \(prefix.debugDescription)" }
        return claim.compactMap { Self.split(lines[$0].text).comment }.joined(separator: "\n")
    }

    /// The facts the claim after the line of code that contains `code` states (see ``facts(in:)``).
    public func facts(after code: String) -> [String: String] {
        Self.facts(in: shown(after: code))
    }

    /// The facts a claim states, `a == b, c == d` (commas or semicolons between them, a
    /// parenthesised remark after a value ignored), as a dictionary from each left side to its right.
    public static func facts(in claim: String) -> [String: String] {
        var facts: [String: String] = [:]
        for fact in topLevelParts(of: claim.replacingOccurrences(of: "\n", with: " ")) {
            guard let equals = fact.range(of: " == ") else { return ["unparsed": fact] }
            var value = String(fact[equals.upperBound...]).trimmingCharacters(in: .whitespaces)
            if let remark = value.range(of: " (", options: .backwards), value.hasSuffix(")"), !value[..<remark.lowerBound].contains("(") {
                value = String(value[..<remark.lowerBound])
            }
            facts[String(fact[..<equals.lowerBound]).trimmingCharacters(in: .whitespaces)] = value
        }
        return facts
    }

    /// The lines of the one block of output (fenced as `text`, or with no language) that contains
    /// `text`; empty when none does, or several.
    public func blockLines(containing text: String) -> [Int] {
        let found = lines.indices.filter { fences[$0] == "text" || fences[$0] == "" }.filter { lines[$0].text.contains(text) }
        guard let first = found.first, found.allSatisfy({ block(of: $0) == block(of: first) }) else { return [] }
        return block(of: first)
    }

    /// The output a page shows in a block of its own (``blockLines(containing:)``), its lines
    /// joined by newlines, with the block's indentation removed.
    public func block(containing text: String) -> String {
        let block = blockLines(containing: text)
        guard let first = block.first else { return "\(name) has no one output block containing \(text.debugDescription)" }
        let indentation = lines[first - 1].text.prefix { $0 == " " }.count
        return block.map { String(lines[$0].text.dropFirst(indentation)) }.joined(separator: "\n")
    }

    /// The indices of the lines of the fenced block that line `index` is in.
    private func block(of index: Int) -> [Int] {
        var start = index
        while start > 0, fences[start - 1] != nil { start -= 1 }
        var end = index
        while end + 1 < fences.count, fences[end + 1] != nil { end += 1 }
        return Array(start...end)
    }

    /// Whether `actual` is what `claim` shows, where a `…` in the claim stands for any text:
    /// `matches("kids[0].kids[1]: too many", "kids[0]…: too many")`.
    public static func matches(_ actual: String, _ claim: String) -> Bool {
        let parts = claim.components(separatedBy: "…")
        guard let first = parts.first, let last = parts.last, actual.hasPrefix(first) else { return false }
        var rest = actual.dropFirst(first.count)
        for part in parts.dropFirst().dropLast() {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last)
    }

    /// The parts of `text` between the commas and semicolons outside brackets and strings.
    public static func topLevelParts(of text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var previous: Character = " "
        for character in text {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString {
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth -= 1 }
            }
            if !inString, depth == 0, character == "," || character == ";" {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts.filter { !$0.isEmpty }
    }
}

/// An enumeration's case as a page shows it, `.other("x")`: `print` shows a case in an array
/// with its type (which ``printed(_:)`` leaves out), and one alone without its dot.
public func printedCase(_ value: Any) -> String {
    String(printed([value]).dropFirst().dropLast())
}

/// `value` as `print` shows it, without the module and enclosing types the tests' own types are
/// named by: `[MappingKitTests.WorkingWithJSON.Point(x: 1.5, y: 2.0)]` is shown as
/// `[Point(x: 1.5, y: 2.0)]`, what a page shows for its own `Point`.
public func printed(_ value: Any) -> String {
    let qualifier = #"(?:[A-Za-z_]\w*\.|\(unknown context at \$[0-9a-f]+\)\.)+"#
    return "\(value)"
        .replacingOccurrences(of: qualifier + #"(?=[a-z]\w*\()"#, with: ".", options: .regularExpression)
        .replacingOccurrences(of: #"(?<![\w.])"# + qualifier + #"(?=[A-Z]\w*[(<])"#, with: "", options: .regularExpression)
}

