import Foundation
import MappingKit
import Observation
import TestSupport
import Testing

// The code of README.md and of the guide it links to (MappingKit.docc/Guide.md), compiled and
// checked here so it cannot drift from the library.

private struct User: Mappable {
    var username = ""
    var messages: [Message] = []
    var website: URL?
}

private struct Message: Mappable {
    var text = ""
    var read = false
}

private struct Reminder: MappableCodable {
    var title = ""
    var due = Date(timeIntervalSince1970: 0)
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Reminder.self) { map in
        map.map(\.due, to: "due_at", using: .iso8601)
        map.undefinedKeys = .stash
    }
}

private struct Reading: Mappable {
    var celsius = 0.0

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var dictionary = dictionary
        if let fahrenheit = dictionary["fahrenheit"] as? Double {
            dictionary["celsius"] = (fahrenheit - 32) * 5 / 9
        }
        var configuration = configuration
        configuration.extend(for: Reading.self) { map in map.map(\.celsius, to: "celsius", "temp_c") }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

private struct ConfiguredMessage: Mappable {
    var messageId: UInt = 0
    var publicationDate = Date(timeIntervalSince1970: 0)
    var read = false
    var authorName = ""
    var cache: [String: Any] = [:]

    static let mappingConfiguration = MappingConfiguration(for: ConfiguredMessage.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.messageId, to: "message_id", "id")
        map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
        map.map(\.authorName, to: "author.profile.name")
        map.require(\.messageId, .exists)
        map.ignore(\.cache)
    }
}

private struct Category: Mappable, Equatable {
    var nodeId = ""
    var repositoryId = 0
    var name = ""
    var emoji: String?
}

private struct Discussion: Mappable {
    var title = ""
    var category = Category()

    static let mappingConfiguration = MappingConfiguration(for: Discussion.self) { map in
        map.keyStrategy = .snakeCase
        map.missingKeys = .raise
    }
}

private enum ValueStrategies {
    struct Milestone: Mappable { var title = ""; var dueOn: Date? }

    struct Issue: Mappable {
        var createdAt = Date(timeIntervalSince1970: 0)
        var editedAt: [String: Date] = [:]
        var milestone = Milestone()

        static let mappingConfiguration = MappingConfiguration(for: Issue.self) { map in
            map.keyStrategy = .snakeCase
            map.convert(Date.self, using: .iso8601)
        }
    }

    struct Charge: Mappable { var created = Date(timeIntervalSince1970: 0) }
}

/// The guide's errors example: the Errors article's inbox, its keys in snake case (the strategy
/// reaches the article's `Message`).
private enum GuideErrors {
    struct Inbox: Mappable {
        var userId: UInt = 0
        var messages: [Errors.Message] = []
        static let mappingConfiguration = MappingConfiguration(for: Inbox.self) { $0.keyStrategy = .snakeCase }
    }
}

/// The guide's limits example: a tree of models.
private final class Tree: Mappable {
    var kids: [Tree] = []
    required init() {}
}

/// The guide's undefined-keys example: its `User`, which errors name.
private enum Stashing {
    struct User: Mappable {
        var name = ""
        var city = ""
        var unmapped = UnmappedValues()

        static let mappingConfiguration = MappingConfiguration(for: User.self) { map in
            map.map(\.city, to: "address.city")
            map.undefinedKeys = .stash
        }
    }
}

@Suite("README examples")
struct ReadmeTests {
    @Test("the quick start runs and prints what the README says")
    func quickStart() throws {
        let json = Data(#"{"username": "john.doe", "messages": [{"text": "Hi", "read": true}], "website": "http://example.com"}"#.utf8)

        var user = try User(json: json)
        #expect(printed(user) == DocPage.readme.shown(after: "var user = try User(json: json)"))
        let data = try user.jsonData()
        #expect(String(decoding: data, as: UTF8.self) == DocPage.readme.shown(after: "let data = try user.jsonData()"))

        let dictionary = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
        user = try mapped(User.self, dictionary)
        #expect(printed(user) == DocPage.readme.shown(after: "var user = try User(json: json)"))

        try user.update(from: ["username": "jane"])
        let back = try user.dictionaryRepresentation()
        #expect(Plain(back) == DocPage.readme.value(after: "let back = try user.dictionaryRepresentation()"))

        let error = mappingError { try user.update(from: ["messages": [["read": "yes"]]]) }
        #expect(error?.description == DocPage.readme.shown(after: "print(error)"))
    }

    @Test("the JSON section's calls run as written")
    func jsonSection() throws {
        let data = Data(#"{"username": "john.doe", "messages": [{"text": "Hi", "read": true}]}"#.utf8)
        var user = try User(json: data)
        try user.update(fromJSON: Data(#"{"username": "jane"}"#.utf8))
        let users = try User.array(json: Data("[\(String(decoding: data, as: UTF8.self))]".utf8))
        let out = try user.jsonData()
        let pretty = try user.jsonData(options: [.sortedKeys, .prettyPrinted])
        let all = try users.jsonData()
        let value = try JSONValue.parse(data)
        let back = try JSONValue.data(value, options: .sortedKeys)
        let schema = try User.jsonSchemaData()
        #expect(String(decoding: schema, as: UTF8.self).hasPrefix("{\n  \"$defs\": {\n    \"Message\": {"))
        #expect(String(decoding: out, as: UTF8.self) == #"{"username":"jane","messages":[{"text":"Hi","read":true}]}"#)
        #expect(String(decoding: pretty, as: UTF8.self) == """
            {
              "messages": [
                {
                  "read": true,
                  "text": "Hi"
                }
              ],
              "username": "jane"
            }
            """)
        #expect(String(decoding: all, as: UTF8.self) == #"[{"username":"john.doe","messages":[{"text":"Hi","read":true}]}]"#)
        #expect(String(decoding: back, as: UTF8.self) == #"{"messages":[{"read":true,"text":"Hi"}],"username":"john.doe"}"#)
        #expect(mappingError { _ = try User(json: "{\"username\": \"a\",\n \"messages\": [}") }?.description
            == DocPage.guide.shown(after: #"try User(json: "{\"username\": \"a\",\n \"messages\": [}")"#))
    }

    @Test("the call-super example converts before mapping, and takes the alternative key")
    func callSuper() throws {
        #expect(try mapped(Reading.self, ["fahrenheit": 212.0]).celsius == 100)
        #expect(try mapped(Reading.self, ["celsius": 5]).celsius == 5)
        #expect(try mapped(Reading.self, ["temp_c": 7]).celsius == 7)
    }

    @Test("the configuration example maps what its comments say")
    func configurationExample() throws {
        let message = try mapped(ConfiguredMessage.self, [
            "id": 9, "published_at": "2014-02-13", "read": true, "author": ["profile": ["name": "Ann"]], "cache": ["x": 1],
        ])
        #expect(message.messageId == 9)
        #expect(message.publicationDate == Date(timeIntervalSince1970: 1_392_249_600))
        #expect(message.read)
        #expect(message.authorName == "Ann")
        #expect(message.cache.isEmpty)
        #expect(try plainRepresentation(of: message) == .object([
            "message_id": .int(9), "published_at": .string("2014-02-13"), "read": .bool(true),
            "author": .object(["profile": .object(["name": .string("Ann")])]),
        ]))
        #expect(mappingError { _ = try mapped(ConfiguredMessage.self, ["read": true]) }?.description
            == "message_id: required, missing")
    }

    @Test("the undefined-keys example stashes, writes back and raises as the README says")
    func undefinedKeys() throws {
        let input: [String: Any] = ["name": "Ann", "theme": "dark", "address": ["city": "Oslo", "zip": "0150"]]
        let user = try mapped(Stashing.User.self, input)
        #expect(user.unmapped.description == DocPage.guide.shown(after: "user.unmapped"))
        #expect(try plainRepresentation(of: user) == Plain(input))
        #expect(mappingError { _ = try mapped(Stashing.User.self, input, undefinedKeys: .raise) }?.description
            == DocPage.guide.shown(after: "try User(dictionary: input, undefinedKeys: .raise)"))
    }

    @Test("the value-strategy example converts every Date of the tree, and the mapper's every unix time")
    func valueStrategies() throws {
        let issue = try mapped(ValueStrategies.Issue.self, [
            "created_at": "2024-01-02T03:04:05Z", "edited_at": ["body": "2024-01-02T04:00:00Z"],
            "milestone": ["title": "v1", "due_on": "2024-02-01T00:00:00Z"],
        ])
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(issue.editedAt == ["body": Date(timeIntervalSince1970: 1_704_168_000)])
        #expect(issue.milestone.dueOn == Date(timeIntervalSince1970: 1_706_745_600))
        let stripe = Mapper(keyStrategy: .snakeCase, valueStrategies: [.convert(Date.self, using: .unixSeconds)])
        #expect(try stripe.map(["created": 1_700_000_000], to: ValueStrategies.Charge.self).created == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("the missing-keys example raises every absent key of the tree, as the README says")
    func missingKeys() throws {
        #expect(mappingError { _ = try Discussion(json: Data(#"{"title": "Why?", "category": {"name": "Q&A"}}"#.utf8)) }?.description
            == DocPage.guide.shown(after: ##"try Discussion(json: Data(#"{"title": "Why?", "category": {"name": "Q&A"}}"#.utf8))"##))
        let strict = Mapper(keyStrategy: .snakeCase, missingKeys: .raise)
        #expect(mappingError { _ = try strict.map(["name": "Q&A"], to: Category.self) }?.description == """
            2 problems:
              node_id: required, missing
              repository_id: required, missing
            """)
        #expect(try strict.map(["node_id": "D", "repository_id": 1, "name": "Q&A"], to: Category.self)
            == Category(nodeId: "D", repositoryId: 1, name: "Q&A", emoji: nil))
    }

    @Test("the errors section's output is one MappingError with every problem")
    func errors() {
        let error = mappingError {
            _ = try GuideErrors.Inbox(dictionary: ["user_id": -42, "messages": [["read": true], ["message_id": 2.5, "read": "yes"]]])
        }
        #expect(error?.description == DocPage.guide.block(containing: "user_id: expected UInt"))
    }

    @Test("the limits example stops a graph of shared sub-graphs at the model limit, as shown")
    func limits() {
        var untrusted: [String: Any] = [:]
        for _ in 0..<30 { untrusted = ["kids": [untrusted, untrusted]] }
        let error = mappingError { _ = try Tree(dictionary: untrusted, limits: MappingLimits(maximumModels: 10_000)) }
        let claim = DocPage.guide.shown(after: "let tree = try Tree(dictionary: untrusted, limits: MappingLimits(maximumModels: 10_000))")
        #expect(DocPage.matches(error?.description ?? "", claim), "\(error?.description ?? "nothing") is not \(claim)")
    }

    @Test("the store example: a person written back with its cars and its employer's key")
    func store() throws {
        let store = IdentityMap()
        // The guide's Person is the store tests' Employee (Store/StoreModels.swift), with Car and Company.
        _ = try Company.array(from: [["id": 7, "name": "Acme"]], in: store)
        let payload: [[String: Any]] = [
            ["id": 1, "name": "Ada", "employer_id": 7, "cars": [["id": 3, "model": "T"]]],
            ["id": 2, "name": "Grace", "employer_id": 7, "cars": [["id": 3, "model": "T"], ["id": 4, "model": "A"]]],
        ]
        let people = try Employee.array(from: payload, in: store)
        #expect(people[0].cars[0] === people[1].cars[0])
        #expect(try plainRepresentation(of: people[0]) == DocPage.guide.value(after: "try people[0].dictionaryRepresentation()"))
        #expect(mappingError { _ = try Employee.array(from: [["id": 5, "employer_id": 99]], in: store) } != nil)
    }

    @Test("Codable through the mapping, as the README shows it")
    func mappableCodable() throws {
        let reminder = try JSONDecoder().decode(Reminder.self, from: Data(#"{"title": "Pay rent", "due_at": "2026-12-01T09:00:00Z", "list": "home"}"#.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(reminder), as: UTF8.self) == DocPage.guide.shown(after: "try encoder.encode(reminder)"))
        let keyError = mappingError { _ = try Reminder(dictionary: [1: "one"] as [AnyHashable: Any]) }
        #expect("throws MappingError: \(keyError?.description ?? "nothing")" == DocPage.guide.shown(after: #"try Event(dictionary: [1: "one"] as [AnyHashable: Any])"#))
        let plist = try reminder.dictionaryRepresentation(style: .propertyList)
        #expect(DocPage.guide.facts(after: "let plist = try reminder.dictionaryRepresentation(style: .propertyList)")
            == [#"plist["due_at"] as? Date"#: printed((plist["due_at"] as? Date) ?? "not a Date")])
    }
}

// The "models Swift developers write today" section.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Profile: Mappable {
    var name = ""
    var age = 0
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
        map.observed(\.name, \.age)      // updates in place go through the setters
    }
}

@propertyWrapper private struct Trimmed: MappableWrapper {
    private var value = ""
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

private struct Player: Mappable {
    @Trimmed var nick = ""
}

private struct Page<Item: Mappable>: Mappable {
    var items: [Item] = []
    var nextCursor: String?

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Page.self) { map in
            map.keyStrategy = .snakeCase             // next_cursor, and every Item that sets no strategy
            map.map(\.items, to: "data")
        }
    }
}

private final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

@Suite("README: the models Swift developers write today")
struct ReadmeModernModelsTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("the feature tour's code does what its comments say")
    func tour() throws {
        let profile = try Profile(dictionary: ["name": "Ann", "age": 3])
        #expect(try plainRepresentation(of: profile) == DocPage.guide.value(after: "try profile.dictionaryRepresentation()"))
        let told = Told()
        withObservationTracking { _ = profile.name } onChange: { told.add("name changed") }
        withObservationTracking { _ = profile.age } onChange: { told.add("age changed") }
        try profile.update(from: ["name": "Bea"])
        #expect("prints \(told.all.map(\.debugDescription).joined(separator: ", ")); age is not set, nobody is told"
            == DocPage.guide.shown(after: #"try profile.update(from: ["name": "Bea"])"#))

        #expect(try Player(dictionary: ["nick": "  ann  "]).nick.debugDescription == DocPage.guide.shown(after: "try Player(dictionary:"))

        let page = try Page<User>(dictionary: ["data": [["username": "ann"]], "next_cursor": "b2"])
        #expect(page.items.map(\.username) == ["ann"])
        #expect(page.nextCursor == "b2")

        let (user, report) = try MappingReport.collecting {
            try User(dictionary: ["username": 42, "theme": "dark"])
        }
        #expect(user.username == "42")
        #expect(report.description == DocPage.guide.shown(after: "print(report)"))
    }
}

private struct StreamedStatus: Mappable, Equatable {
    var id = 0
    var text = ""
}

@Suite("README: streams")
struct ReadmeStreamTests {
    // `for try await` calls `next(isolation:)` where the OS has it (it calls `next()` before).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("the streams section reads a file, JSON Lines from bytes, and names a bad element as shown")
    func streams() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-statuses-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"[{"id": 1, "text": "Hi"}, {"id": 2, "text": "Bye"}]"#.utf8).write(to: url)
        var indexed: [StreamedStatus] = []
        let reader = try StreamedStatus.jsonElements(contentsOf: URL(fileURLWithPath: url.path))
        while let status = try reader.next() {
            indexed.append(status)
        }
        #expect(indexed == [StreamedStatus(id: 1, text: "Hi"), StreamedStatus(id: 2, text: "Bye")])

        // The pipe example, on every platform: a file handle read as JSON Lines.
        let lines = FileManager.default.temporaryDirectory.appendingPathComponent("readme-lines-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: lines) }
        try Data("{\"id\": 3}\n{\"id\": 4}\n".utf8).write(to: lines)
        var piped: [StreamedStatus] = []
        let events = StreamedStatus.jsonElements(from: try FileHandle(forReadingFrom: lines), format: .lines)
        while let event = try events.next() {
            piped.append(event)
        }
        #expect(piped == [StreamedStatus(id: 3), StreamedStatus(id: 4)])

        let bytes = AsyncStream(UInt8.self) { continuation in
            for byte in "{\"id\": 1}\n{\"id\": \"x\"}\n".utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        var handled: [StreamedStatus] = []
        do {
            for try await event in StreamedStatus.jsonElements(from: bytes, format: .lines) {
                handled.append(event)
            }
            Issue.record("the second line is not a StreamedStatus")
        } catch let error as JSONStreamError {
            #expect(error.description == DocPage.guide.shown(after: "print(stopped)"))
            #expect(error.index == 1 && error.location.line == 2 && error.error.path == "[1].id")
            #expect(error.location.description == "line 2, column 1 (byte 10)")
        }
        #expect(handled == [StreamedStatus(id: 1)])
    }
}

private enum ReadmeEnums {
    /// The README shows the enums article's events.
    typealias Event = TaggedEnums.Event
    typealias PushPayload = TaggedEnums.PushPayload

    struct Card: MappableCodable, Equatable {
        var brand = ""
    }

    enum PaymentSource: TaggedEnum, Equatable {
        case card(Card)
        case bankAccount(routingNumber: String)
        static var tagging: EnumTagging {
            EnumTagging.internallyTagged(tag: "object").renamingCases(.snakeCase).renamingLabels(.snakeCase)
        }
    }

    enum Shape: TaggedEnum, Equatable {
        case circle(radius: Int)
        case label(String)
        case point(Int, Int)
        case empty
    }

    struct Holder: Mappable {
        var event = Event.other("")
        var source = PaymentSource.bankAccount(routingNumber: "")
        var shapes: [Shape] = []
    }

    struct Meta: Mappable, Equatable {
        var total = 0
        var cursor = ""
    }

    struct Page: Mappable {
        var meta = Meta()
        var items: [Int] = []
        static let mappingConfiguration = MappingConfiguration(for: Page.self) { $0.flatten(\.meta) }
    }
}

@Suite("README: enums with associated values and flattening")
struct ReadmeEnumTests {
    @Test("the enums section's comments and table hold")
    func enums() throws {
        let holder = try ReadmeEnums.Holder(dictionary: [
            "event": ["type": "PushEvent", "payload": ["ref": "main", "size": 2]],
            "source": ["object": "bank_account", "routing_number": "110000000"],
            "shapes": [["circle": ["radius": 1]], ["label": "hi"], ["point": [1, 2]], "empty", ["empty": [:]]],
        ])
        #expect(holder.event == .push(ReadmeEnums.PushPayload(ref: "main", size: 2)))
        #expect(holder.source == .bankAccount(routingNumber: "110000000"))
        #expect(holder.shapes == [.circle(radius: 1), .label("hi"), .point(1, 2), .empty, .empty])
        #expect(try ReadmeEnums.Holder(dictionary: ["event": ["type": "ForkEvent"]]).event == .other("ForkEvent"))

        // The comments under the enums: each JSON read gives the value shown, and is written back.
        let claims = [
            ("event", DocPage.guide.shown(startingWith: #"{"type": "PushEvent""#)),
            ("source", DocPage.guide.shown(startingWith: #"{"object": "bank_account""#)),
        ]
        for (key, shown) in claims {
            let claim = DocPage.mapping(shown)
            let read = try ReadmeEnums.Holder(dictionary: [key: claim.json ?? NSNull()])
            #expect(claim.arrow == "↔")
            #expect(printedCase(key == "event" ? read.event as Any : read.source as Any) == claim.value)
            #expect(Plain(try read.dictionaryRepresentation()[key] ?? NSNull()) == claim.json.map(Plain.init))
        }
        let fork = DocPage.mapping(DocPage.guide.shown(startingWith: #"{"type": "ForkEvent""#))
        let (forked, report) = try MappingReport.collecting { try ReadmeEnums.Holder(dictionary: ["event": fork.json ?? NSNull()]) }
        #expect(fork.arrow == "→" && "\(printedCase(forked.event)), reported in MappingReport" == fork.value)
        #expect(!report.isEmpty)
        #expect(mappingError { _ = try ReadmeEnums.Holder(dictionary: ["shapes": ["triangle"]]) }?.description
            == #"shapes[0]: expected a case of Shape (one of "circle", "label", "point", "empty"), found String "triangle""#)
    }

    @Test("the flatten row: the nested model's keys are the page's own")
    func flatten() throws {
        let page = try ReadmeEnums.Page(dictionary: ["total": 3, "cursor": "x", "items": [1]])
        #expect(page.meta == ReadmeEnums.Meta(total: 3, cursor: "x"))
        #expect(try plainRepresentation(of: page) == .object(["total": .int(3), "cursor": .string("x"), "items": .array([.int(1)])]))
    }
}
