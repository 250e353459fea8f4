import Foundation
import MappingKit
import Testing

private struct Address: Mappable, Equatable {
    var street = ""
    var zip = 0
}

private struct Person: Mappable, Equatable {
    var name = ""
    var home = Address()
    var work: Address?
    var previous: [Address] = []
    var byLabel: [String: Address] = [:]
}

private final class TreeNode: Mappable {
    var name = ""
    var children: [TreeNode] = []
    var next: TreeNode?
    required init() {}
}

private struct Strict: Mappable {
    struct Rejected: Error, CustomStringConvertible {
        var description: String { "value must be positive" }
    }

    var value = 0

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        try defaultUpdate(from: dictionary, configuration: configuration)
        if value <= 0 { throw Rejected() }
    }
}

private struct Holder: Mappable {
    var items: [Strict] = []
}

@Suite("Nested Mappable properties")
struct MappableCodecTests {
    @Test("nested models hydrate at every depth and come back as dictionaries")
    func nested() throws {
        let input = try jsonDictionary("""
            {"name": "Ann", "home": {"street": "Main", "zip": 1000},
             "work": {"street": "Dock"}, "previous": [{"zip": 1}, {"zip": 2}],
             "byLabel": {"summer": {"street": "Beach", "zip": 3}}}
            """)
        let person = try mapped(Person.self, input)
        #expect(person == Person(
            name: "Ann", home: Address(street: "Main", zip: 1000), work: Address(street: "Dock", zip: 0),
            previous: [Address(zip: 1), Address(zip: 2)], byLabel: ["summer": Address(street: "Beach", zip: 3)]
        ))
        #expect(try plainRepresentation(of: person) == .object([
            "name": .string("Ann"),
            "home": .object(["street": .string("Main"), "zip": .int(1000)]),
            "work": .object(["street": .string("Dock"), "zip": .int(0)]),
            "previous": .array([
                .object(["street": .string(""), "zip": .int(1)]),
                .object(["street": .string(""), "zip": .int(2)]),
            ]),
            "byLabel": .object(["summer": .object(["street": .string("Beach"), "zip": .int(3)])]),
        ]))
    }

    @Test("errors inside nested models carry the full path")
    func nestedErrors() throws {
        let input = try jsonDictionary("""
            {"home": {"zip": "x"}, "previous": [{"zip": 1}, {"street": false, "zip": true}], "work": 3}
            """)
        #expect(mappingError { _ = try mapped(Person.self, input) }?.description == """
            4 problems:
              home.zip: expected Int, found String "x"
              work: expected Address (a dictionary), found Int 3
              previous[1].street: expected String, found Bool false
              previous[1].zip: expected Int, found Bool true
            """)
    }

    @Test("recursive class models hydrate to the depth of the input")
    func recursive() throws {
        let tree = try mapped(TreeNode.self, jsonDictionary("""
            {"name": "root", "children": [{"name": "a", "children": [{"name": "a1"}]}, {"name": "b"}],
             "next": {"name": "sibling"}}
            """))
        #expect(tree.name == "root")
        #expect(tree.children.map(\.name) == ["a", "b"])
        #expect(tree.children.first?.children.map(\.name) == ["a1"])
        #expect(tree.next?.name == "sibling")
        #expect(try plainRepresentation(of: tree) == .object([
            "name": .string("root"),
            "children": .array([
                .object(["name": .string("a"), "children": .array([.object(["name": .string("a1"), "children": .array([])])])]),
                .object(["name": .string("b"), "children": .array([])]),
            ]),
            "next": .object(["name": .string("sibling"), "children": .array([])]),
        ]))
    }

    @Test("input nested beyond 64 models is an error, not a stack overflow")
    func depthLimit() throws {
        var input: [String: Any] = ["name": "leaf"]
        for level in 0..<150 { input = ["name": "level \(level)", "next": input] }
        let error = mappingError { _ = try mapped(TreeNode.self, input) }
        #expect(error?.issues.count == 1)
        #expect(error?.issues.first?.expected == "at most 64 levels of nested models")
        #expect(error?.path == Array(repeating: "next", count: 65).joined(separator: "."))

        var fits: [String: Any] = ["name": "leaf"]
        for _ in 0..<64 { fits = ["next": fits] }
        #expect(try mapped(TreeNode.self, fits).name == "")
    }

    @Test("on a 512 KB thread, deep input is an error before the stack runs out, both ways")
    func smallStack() async throws {
        let outcomes = Outcomes()
        await onThread {
            var input: [String: Any] = ["name": "leaf"]
            for _ in 0..<200 { input = ["next": input] }
            outcomes.record(mappingOutcome { _ = try mapped(TreeNode.self, input) })
            var fits: [String: Any] = ["name": "leaf"]
            for _ in 0..<64 { fits = ["next": fits] }
            outcomes.record(mappingOutcome { _ = try mapped(TreeNode.self, fits).dictionaryRepresentation() })
        }
        let (deep, sixtyFour) = (outcomes.values.first, outcomes.values.last)
        // 200 levels: the depth limit, or (under a sanitizer's larger frames) the stack check.
        #expect(deep == "too deep" || deep == "out of stack")
        // 64 levels fit a debug build's 512 KB; a sanitizer's frames may not, and then it says so.
        #expect(sixtyFour == "mapped" || sixtyFour == "out of stack")
    }

    @Test("64 levels of nesting map both ways on an ordinary thread")
    func sixtyFourLevels() throws {
        var fits: [String: Any] = ["name": "leaf"]
        for _ in 0..<64 { fits = ["next": fits] }
        let tree = try mapped(TreeNode.self, fits)
        #expect(try Plain(tree.dictionaryRepresentation()).description.hasPrefix("[\"children\": [], \"name\": \"\", \"next\": ["))
    }

    @Test("a reference cycle is an error when writing the representation")
    func cycle() {
        let first = TreeNode()
        let second = TreeNode()
        first.next = second
        second.next = first
        let error = mappingError { _ = try first.dictionaryRepresentation() }
        #expect(error?.issues.first?.found == "deeper nesting (a reference cycle or runaway input)")
        second.next = nil
    }

    @Test("errors thrown by a nested model's own update are reported at its path")
    func userErrors() throws {
        let error = mappingError { _ = try mapped(Holder.self, ["items": [["value": 1], ["value": -1]]]) }
        #expect(error?.description == "items[1]: value must be positive")
        #expect(error?.issues.first?.underlyingError is Strict.Rejected)
    }
}
