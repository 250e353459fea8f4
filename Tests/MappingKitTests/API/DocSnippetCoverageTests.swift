import Foundation
import TestSupport
import Testing

/// Comments in snippets that look like shown outcomes but explain, each with why no test
/// compares it: by page, the comment's text.
private let explanations: [String: [String: String]] = [
    "README.md": [
        #".product(name: "MappingKit", package: "MappingKit") in your target's dependencies."#: "setup, not an outcome",
    ],
    "Guide.md": [
        "[AnyHashable: Any]": "the result's type, not a value",
    ],
    "GettingStarted.md": [
        #".product(name: "MappingKit", package: "MappingKit") in your target's dependencies."#: "setup, not an outcome",
    ],
]

@Suite("Every outcome a snippet shows is compared by a test")
struct DocSnippetCoverageTests {
    /// The claims the tests reach: `DocPage.<page>.shown(after: "…")`, `facts(after:)`,
    /// `value(after:)`, `shown(startingWith:)` and `block(containing:)` in the sources of MappingKitTests and MappingKitSQLiteTests, by page.
    static func reached() throws -> [String: Set<Int>] {
        let tests = PackagePaths.root.appendingPathComponent("Tests")
        let files = ["MappingKitTests", "MappingKitSQLiteTests"].flatMap { target in
            (FileManager.default.enumerator(atPath: tests.appendingPathComponent(target).path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { target + "/" + $0 }
        }
        let call = try NSRegularExpression(pattern: #"DocPage\.(\w+)\.(shown|facts|value|block)\((after|startingWith|containing): (#*)"(.*?)"\4\)"#)
        var reached: [String: Set<Int>] = [:]
        for file in files {
            let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8) as NSString
            for match in call.matches(in: source as String, range: NSRange(location: 0, length: source.length)) {
                let group = { (index: Int) in source.substring(with: match.range(at: index)) }
                guard let page = DocPage.byProperty[group(1)] else { continue }
                let text = group(4).isEmpty
                    ? group(5).replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: #"\"#)
                    : group(5)
                switch group(3) {
                case "after": reached[page.name, default: []].formUnion(page.claimLines(after: text))
                case "startingWith": reached[page.name, default: []].formUnion(page.claimLines(startingWith: text))
                default: reached[page.name, default: []].formUnion(page.blockLines(containing: text))
                }
            }
        }
        return reached
    }

    @Test("each claim in README.md and the DocC articles is reached by a test, or explained")
    func everyClaimIsCompared() throws {
        let reached = try Self.reached()
        var unchecked: [String] = []
        for page in DocPage.all {
            for (index, line) in page.lines.enumerated() where line.inSwift {
                guard let comment = DocPage.split(line.text).comment, DocPage.isClaim(comment) else { continue }
                if reached[page.name]?.contains(index) == true || explanations[page.name]?[comment] != nil { continue }
                unchecked.append("\(page.name):\(index + 1): \(comment)")
            }
            // Blocks of output, fenced as text or with no language (sh blocks are commands).
            for (index, fence) in page.fences.enumerated() where (fence == "text" || fence == "") && (index == 0 || page.fences[index - 1] == nil) {
                let first = page.lines[index].text.trimmingCharacters(in: .whitespaces)
                if reached[page.name]?.contains(index) == true || explanations[page.name]?[first] != nil { continue }
                unchecked.append("\(page.name):\(index + 1): the block starting \(first)")
            }
        }
        #expect(unchecked.isEmpty, "claims no test compares:\n\(unchecked.joined(separator: "\n"))")
        #expect(DocPage.all.count == 14)
    }

    @Test("the pages' reader: comments, claims, facts and values")
    func reader() {
        #expect(DocPage.split(##"let u = try User(json: Data(#"{"w": "https://a.b"}"#.utf8))   // User(w: https://a.b)"##)
            == (##"let u = try User(json: Data(#"{"w": "https://a.b"}"#.utf8))"##, "User(w: https://a.b)"))
        #expect(DocPage.split(#"print("a // b")"#) == (#"print("a // b")"#, nil))
        #expect(DocPage.split(#"x = "\"//"   //  two"#) == (#"x = "\"//""#, " two"))
        #expect(["2", "[1]", #"{"a":1}"#, "a.b == 3", "prints \"x\"", "2 problems:", "  a: expected Int, found String \"x\"",
                 "User(name: \"a\")", "a ↔ b"].map(DocPage.isClaim) == Array(repeating: true, count: 9))
        #expect(["absent keys keep their values", "in place and atomic, like update(from:)"].map(DocPage.isClaim) == [false, false])
        #expect(DocPage.topLevelParts(of: #"a == [1, 2], b == "x, y"; c == f(1, 2)"#) == ["a == [1, 2]", #"b == "x, y""#, "c == f(1, 2)"])
        #expect(DocPage.guide.shown(after: "no such line of code") == #"Guide.md has 0 Swift lines containing "no such line of code", not one"#)
        #expect([DocPage.matches("kids[0].kids[1]: too many", "kids[0]…: too many"), DocPage.matches("a: b", "a: b"),
                  DocPage.matches("kids[1]: too many", "kids[0]…: too many"), DocPage.matches("a: bc", "a: b")] == [true, true, false, false])
        #expect(DocPage.errors.block(containing: "no such output") == #"Errors.md has no one output block containing "no such output""#)
    }
}
