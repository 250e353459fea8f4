import Foundation
@testable import MappingKit
import Testing

@Suite("Imports into an identity map: uniquing, relationships, policies")
struct IdentityMapTests {
    private let ada: [String: Any] = ["id": 1, "name": "Ada", "employer_id": 7, "cars": [["id": 3, "model": "T"]]]
    private let grace: [String: Any] = ["id": 2, "name": "Grace", "employer_id": 7, "cars": [["id": 3, "model": "T"], ["id": 4, "model": "A"]]]
    private let acme: [String: Any] = ["id": 7, "name": "Acme"]

    @Test("the same key twice in one payload gives one object, shared by the graph")
    func uniquing() throws {
        let store = IdentityMap()
        let directory = try Directory(dictionary: ["employees": [ada, grace], "companies": [acme]], in: store)
        let (first, second) = (directory.employees[0], directory.employees[1])
        #expect(first.cars[0] === second.cars[0])
        #expect(first.employer === second.employer)
        #expect(first.employer === directory.companies[0])
        #expect(first.employer?.name == "Acme")
        #expect(second.cars.map(\.model) == ["T", "A"])
        #expect([store.count(of: Employee.self), store.count(of: Car.self), store.count(of: Company.self)] as [Int] == [2, 2, 1])
        #expect(store.object(Car.self, key: PrimaryKey(3)) === first.cars[0])
    }

    @Test("a foreign key resolves to an object later in the payload, and to one already stored")
    func referencesInAnyOrder() throws {
        let store = IdentityMap()
        let forward = try Directory(dictionary: ["employees": [ada], "companies": [acme]], in: store)
        #expect(forward.employees[0].employer === forward.companies[0])
        let later = try Employee.array(from: [["id": 5, "name": "Edsger", "employer_id": 7]], in: store)
        #expect(later[0].employer === forward.companies[0])
    }

    @Test("a re-import updates the stored objects in place instead of adding new ones")
    func reimport() throws {
        let store = IdentityMap()
        let first = try Employee.array(from: [ada, grace], in: store, companies: [acme])
        var edited = ada
        edited["name"] = "Ada Lovelace"
        let second = try Employee.array(from: [edited], in: store)
        #expect(second[0] === first[0])
        #expect(first[0].name == "Ada Lovelace")
        #expect(first[0].cars[0] === first[1].cars[0])
        #expect(store.count(of: Employee.self) == 2)
    }

    @Test("writing back gives the foreign key again")
    func writeBack() throws {
        let store = IdentityMap()
        let member = try Employee.array(from: [ada], in: store, companies: [acme])[0]
        let written = try member.dictionaryRepresentation()
        #expect(written as NSDictionary == ["id": 1, "name": "Ada", "employer_id": 7, "cars": [["id": 3, "model": "T"]]] as NSDictionary)
        #expect(try Employee(dictionary: written, in: store) === member)
    }

    @Test("an unresolved key fails with its path, unless the relationship says nil or placeholder")
    func unresolvedPolicies() throws {
        let store = IdentityMap()
        #expect {
            try Employee.array(from: [["id": 1, "employer_id": 99]], in: store)
        } throws: { error in
            "\(error)" == "[0].employer_id: expected the primary key of a Company in the store or the import, found Int 99"
        }
        #expect(store.count(of: Employee.self) == 0)

        let lenient = Mapper()
        lenient.register(MappingConfiguration(for: Employee.self) { map in
            map.identity(\.id)
            map.relationship(\.employer, key: "employer_id", unresolved: .null)
        }, for: Employee.self)
        let orphan = try lenient.map(["id": 1, "employer_id": 99], to: Employee.self, in: store)
        #expect(orphan.employer == nil)

        let article = try Article(dictionary: ["id": 1, "title": "On stores", "tag_ids": [5, 6]], in: store)
        #expect(article.tags == [Topic(id: 5, label: ""), Topic(id: 6, label: "")])
        #expect(store.count(of: Topic.self) == 2)
        let filled = try Topic.array(from: [["id": 5, "label": "databases"]], in: store)
        #expect(filled == [Topic(id: 5, label: "databases")])
    }

    @Test("a missing primary key in an import is an error at its path")
    func missingKey() {
        #expect {
            try Employee.array(from: [["name": "Nobody"]], in: IdentityMap())
        } throws: { error in
            "\(error)" == "[0].id: expected Employee's primary key, found nothing"
        }
    }

    @Test("outside an import, identity changes nothing and references follow their policy")
    func outsideImport() throws {
        let twice = try Employee.array(from: [ada, ada].map { $0.filter { $0.key != "employer_id" } })
        #expect(twice[0] !== twice[1])
        #expect {
            try Employee(dictionary: ["id": 1, "employer_id": 7])
        } throws: { error in
            "\(error)" == "employer_id: expected the primary key of a Company in the store or the import "
                + "(references resolve only in imports: map with `in:` a store), found Int 7"
        }
        let article = try Article(dictionary: ["id": 1, "tag_ids": [5]])
        #expect(article.tags == [Topic(id: 5, label: "")])
    }

    @Test("structs: stored values are replaced, and relationships copy the stored value")
    func structs() throws {
        let store = IdentityMap()
        _ = try Writer.array(from: [["id": "ada", "name": "Ada"]], in: store)
        let article = try Article(dictionary: ["id": 1, "title": "Notes", "author_id": "ada"], in: store)
        #expect(article.author == Writer(id: "ada", name: "Ada"))
        _ = try Writer.array(from: [["id": "ada", "name": "Ada Lovelace"]], in: store)
        #expect(store.object(Writer.self, key: PrimaryKey("ada")) == Writer(id: "ada", name: "Ada Lovelace"))
        #expect(store.count(of: Writer.self) == 1)
        let again = try Article(dictionary: ["id": 1, "author_id": "ada"], in: store)
        #expect(again == Article(id: 1, title: "Notes", author: Writer(id: "ada", name: "Ada Lovelace")))
    }

    @Test("a struct that refers back to itself is an error, not endless recursion")
    func structCycle() {
        #expect {
            try Node.array(from: [["id": 1, "next_id": [2]], ["id": 2, "next_id": [1]]], in: IdentityMap())
        } throws: { error in
            "\(error)".contains("structs cannot form a cycle")
        }
    }

    @Test("a chain of forward references as long as the payload resolves in order: depth is the payload's nesting only")
    func longForwardChain() throws {
        // Each link refers to the next, which comes later in the payload.
        let links: [Any] = (0..<2_000).map { ["id": $0, "next_id": [$0 + 1]] } + [["id": 2_000]]
        let chain = try Link.array(from: links, in: IdentityMap())
        #expect(chain.count == 2_001)
        #expect(chain.indices.dropLast().allSatisfy { chain[$0].next.first === chain[$0 + 1] })
        // The issue's shape: a to-one reference to the next object, 66 and more of them.
        let ones: [Any] = (0..<500).map { ["id": $0, "next_id": $0 + 1] } + [["id": 500]]
        let single = try Chain.array(from: ones, in: IdentityMap())
        #expect(single[0].next === single[1] && single[499].next === single[500] && single[500].next == nil)
        // Structs too: each is made after the one it holds.
        let values: [Any] = (0..<300).map { ["id": $0, "next_id": [$0 + 1]] } + [["id": 300]]
        let structs = try ValueLink.array(from: values, in: IdentityMap())
        #expect(structs[0].next.first?.next.first?.id == 2)
        #expect(structs[298].next.first?.next.first?.id == 300)
    }

    @Test("a failed import lets go of the objects it made, cycles between them included")
    func failedImportReleasesItsObjects() {
        let before = Loop.alive.withLock { $0 }
        #expect(mappingError {
            _ = try Loop.array(from: [["id": 1, "next_id": [1, 2]], ["id": 2, "next_id": [1], "size": "big"]], in: IdentityMap())
        }?.description == """
            2 problems:
              [0].next_id[1]: expected the primary key of a Loop that maps (its errors are reported where it is in the input), found Int 2
              [1].size: expected Int, found String "big"
            """)
        #expect(Loop.alive.withLock { $0 } == before)
    }

    @Test("an error in an object a reference reached early is reported once, where the object is in the input")
    func forwardReferenceErrorReportedOnce() throws {
        let payload: [String: Any] = [
            "books": [["id": 1, "author_id": 7]],
            "authors": [["id": 7, "awards": [["year": "soon"]]]],
        ]
        #expect(mappingError { _ = try Shelf(dictionary: payload, in: IdentityMap()) }?.description == """
            2 problems:
              books[0].author_id: expected the primary key of a Novelist that maps (its errors are reported where it is in the input), found Int 7
              authors[0].awards[0].year: expected Int, found String "soon"
            """)
    }

    @Test("issue 37, item 11: the object's own problem is at its own path, not only at the key that referred to it, from JSON too")
    func forwardReferenceErrorAtItsPath() throws {
        let json = #"[{"id": 7, "friend_id": 8}, {"id": 8, "awards": [{"year": "soon"}]}]"#
        let expected = """
            2 problems:
              [0].friend_id: expected the primary key of a Colleague that maps (its errors are reported where it is in the input), found Int 8
              [1].awards[0].year: expected Int, found String "soon"
            """
        #expect(mappingError { _ = try Colleague.array(json: Data(json.utf8), in: IdentityMap()) }?.description == expected)
        let array = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] ?? []
        #expect(mappingError { _ = try Colleague.array(from: array, in: IdentityMap()) }?.description == expected)
    }

    @Test("a composite primary key")
    func compositeKey() throws {
        let store = IdentityMap()
        let seats = try Seat.array(from: [["row": "A", "number": 1, "taken": false], ["row": "A", "number": 1, "taken": true], ["row": "B", "number": 1]], in: store)
        #expect(seats.count == 3)
        #expect(store.count(of: Seat.self) == 2)
        #expect(store.object(Seat.self, key: PrimaryKey("A", 1)) == Seat(row: "A", number: 1, taken: true))
        #expect(PrimaryKey("A", 1).description == #"("A", 1)"#)
    }

    @Test("configurations an import cannot use are configuration errors")
    func configurationErrors() {
        #expect {
            try BadIdentity(dictionary: [:])
        } throws: { error in
            "\(error)" == "configuration of BadIdentity: identity property \\BadIdentity.tags is a Array<Any>, which is not Hashable"
        }
        #expect {
            try OptionalIdentity(dictionary: [:])
        } throws: { error in
            "\(error)" == "configuration of OptionalIdentity: identity property \\OptionalIdentity.id is optional; a primary key must always have a value"
        }
        #expect {
            try NullOnArray(dictionary: [:])
        } throws: { error in
            "\(error)" == "configuration of NullOnArray: \\NullOnArray.cars is an array, which cannot hold null for an unresolved key"
        }
    }

    @Test("a relationship to a type without an identity is an error when it is used")
    func relationshipWithoutIdentity() {
        #expect {
            try LooseLink.array(from: [["id": 1, "thing_id": 2]], in: IdentityMap())
        } throws: { error in
            "\(error)".contains("Unkeyed declares no single-property identity for relationships to refer to")
        }
    }

    /// Into a map that holds nothing, a payload that refers to nothing is not surveyed (nothing
    /// could be found in the map, and nothing asks for what the survey notes): the models, the
    /// uniquing and the saved objects must be those of an import that is surveyed.
    @Test("into an empty map, a payload without references maps as a surveyed import does; one that refers ahead is surveyed")
    func emptyMapWithoutSurvey() throws {
        let payload: [[String: Any]] = [
            ["id": 1, "writer": ["id": "w", "name": "Ann"], "topics": [["id": 5, "label": "a"]]],
            ["id": 2, "writer": ["id": "w", "name": "Ann B"], "topics": [["id": 5, "label": "b"], ["id": 6, "label": "c"]]],
            ["id": 1, "title": "again", "writer": ["id": "v", "name": "Vi"]],
        ]
        let empty = IdentityMap()
        let unsurveyed = try Post.array(from: payload, in: empty)
        // A map holding an object of another type is surveyed (and prefetched from).
        let holding = IdentityMap()
        _ = try Company.array(from: [acme], in: holding)
        let surveyed = try Post.array(from: payload, in: holding)
        let ann = Writer(id: "w", name: "Ann B"), vi = Writer(id: "v", name: "Vi")
        let topics = [Topic(id: 5, label: "b"), Topic(id: 6, label: "c")]
        // Structs: each element is the model as it was mapped; the map keeps the last update.
        let expected = [
            Post(id: 1, title: "", writer: Writer(id: "w", name: "Ann"), topics: [Topic(id: 5, label: "a")]),
            Post(id: 2, title: "", writer: ann, topics: topics),
            Post(id: 1, title: "again", writer: vi, topics: [Topic(id: 5, label: "a")]),
        ]
        #expect(unsurveyed == expected)
        #expect(surveyed == expected)
        for store in [empty, holding] {
            #expect(store.objects(of: Post.self).sorted { $0.id < $1.id } == [expected[2], expected[1]])
            #expect(store.objects(of: Writer.self).sorted { $0.id < $1.id } == [ann, vi].sorted { $0.id < $1.id })
            #expect(store.objects(of: Topic.self).sorted { $0.id < $1.id } == topics)
        }

        // A nested model given as its key, before the object itself: the scan finds the
        // reference, and the import is surveyed so that the key resolves to what comes later.
        let ahead = try Post.array(from: [["id": 3, "writer": "x"], ["id": 4, "writer": ["id": "x", "name": "Xu"]]], in: IdentityMap())
        #expect(ahead.map(\.writer) == [Writer(id: "x", name: "Xu"), Writer(id: "x", name: "Xu")])
    }

    /// A stored struct is updated as a copy, straight over its values when no property acts on
    /// an absent key, else through the staging buffer: absent keys keep the stored values either
    /// way (a default applies only to a new model), and a failure leaves the map as it was.
    @Test("a re-import updates a stored struct's copy: absent keys keep their values, defaults do not apply, a failure changes nothing")
    func structUpdates() throws {
        let store = IdentityMap()
        _ = try Post.array(from: [["id": 1, "title": "one", "writer": ["id": "w", "name": "Ann"]]], in: store)
        _ = try Draft.array(from: [["id": 1, "title": "one", "words": 7]], in: store)

        let posts = try Post.array(from: [["id": 1, "topics": [["id": 5, "label": "a"]]]], in: store)
        let post = Post(id: 1, title: "one", writer: Writer(id: "w", name: "Ann"), topics: [Topic(id: 5, label: "a")])
        #expect(posts == [post])
        let drafts = try Draft.array(from: [["id": 1, "title": "two"]], in: store)
        #expect(drafts == [Draft(id: 1, title: "two", words: 7)])

        #expect {
            try Post.array(from: [["id": 1, "title": "three", "topics": [["id": 5, "label": true]]]], in: store)
        } throws: { error in
            "\(error)" == "[0].topics[0].label: expected String, found Bool true"
        }
        #expect {
            try Draft.array(from: [["id": 1, "title": "three", "words": "many"]], in: store)
        } throws: { error in
            "\(error)" == "[0].words: expected Int, found String \"many\""
        }
        #expect(store.objects(of: Post.self) == [post])
        #expect(store.objects(of: Draft.self) == [Draft(id: 1, title: "two", words: 7)])
    }
}

extension Employee {
    /// Imports the companies, then the members.
    static func array(from employees: [[String: Any]], in store: IdentityMap, companies: [[String: Any]]) throws -> [Employee] {
        _ = try Company.array(from: companies, in: store)
        return try array(from: employees, in: store)
    }
}

private struct Node: Mappable {
    var id = 0
    var next: [Node] = []
    static let mappingConfiguration = MappingConfiguration(for: Node.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id")
    }
}

private final class Link: Mappable {
    var id = 0
    var next: [Link] = []
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Link.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id")
    }
}

private final class Chain: Mappable {
    var id = 0
    var next: Chain?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Chain.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id", unresolved: .null)
    }
}

private final class Loop: Mappable {
    /// Instances made and not yet released.
    static let alive = Locked(0)
    var id = 0
    var size = 0
    var next: [Loop] = []
    required init() { Loop.alive.withLock { $0 += 1 } }
    deinit { Loop.alive.withLock { $0 -= 1 } }
    static let mappingConfiguration = MappingConfiguration(for: Loop.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id")
    }
}

private struct ValueLink: Mappable {
    var id = 0
    var next: [ValueLink] = []
    static let mappingConfiguration = MappingConfiguration(for: ValueLink.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id")
    }
}

private struct Award: Mappable {
    var year = 0
}

private final class Novelist: Mappable {
    var id = 0
    var awards: [Award] = []
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Novelist.self) { $0.identity(\.id) }
}

private final class Book: Mappable {
    var id = 0
    var author: Novelist?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Book.self) { map in
        map.identity(\.id)
        map.relationship(\.author, key: "author_id")
    }
}

private struct Shelf: Mappable {
    var books: [Book] = []
    var authors: [Novelist] = []
}

private final class Colleague: Mappable {
    var id = 0
    var awards: [Award] = []
    var friend: Colleague?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: Colleague.self) { map in
        map.identity(\.id)
        map.relationship(\.friend, key: "friend_id")
    }
}

private struct Seat: Mappable, Equatable {
    var row = ""
    var number = 0
    var taken = false
    static let mappingConfiguration = MappingConfiguration(for: Seat.self) { map in
        map.identity(\.row, \.number)
    }
}

private struct BadIdentity: Mappable {
    var tags: [Any] = []
    static let mappingConfiguration = MappingConfiguration(for: BadIdentity.self) { $0.identity(\.tags) }
}

private struct OptionalIdentity: Mappable {
    var id: Int?
    static let mappingConfiguration = MappingConfiguration(for: OptionalIdentity.self) { $0.identity(\.id) }
}

private struct NullOnArray: Mappable {
    var cars: [Car] = []
    static let mappingConfiguration = MappingConfiguration(for: NullOnArray.self) { map in
        map.relationship(\.cars, key: "car_ids", unresolved: .null)
    }
}

private struct Unkeyed: Mappable {
    var id = 0
}

private struct LooseLink: Mappable {
    var id = 0
    var thing: Unkeyed?
    static let mappingConfiguration = MappingConfiguration(for: LooseLink.self) { map in
        map.identity(\.id)
        map.relationship(\.thing, key: "thing_id")
    }
}

private struct Post: Mappable, Equatable {
    var id = 0
    var title = ""
    var writer = Writer()
    var topics: [Topic] = []
    static let mappingConfiguration = MappingConfiguration(for: Post.self) { $0.identity(\.id) }
}

/// A struct with a default for an absent key: a stored one is updated through the staging buffer.
private struct Draft: Mappable, Equatable {
    var id = 0
    var title = ""
    var words = 0
    static let mappingConfiguration = MappingConfiguration(for: Draft.self) { map in
        map.identity(\.id)
        map.defaultValue(\.words, whenMissing: 100)
    }
}
