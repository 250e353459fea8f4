import Foundation
import MappingKit
import Observation
import TestSupport
import Testing

// The code of every DocC article (Sources/MappingKit/MappingKit.docc), compiled and run here with
// what the article says it gives, so the articles cannot drift from the library (as ReadmeTests
// does for the README). Each article's types are its own, in an enum named after it.

private enum WorkingWithJSON {
    struct Point: Mappable {
        var x = 0.0
        var y = 0.0
    }

    struct Event: Mappable {
        var id = 0
        var kind = ""
    }

    struct Login: Mappable {
        var user = ""
        var attempts: UInt8 = 0
        static let mappingConfiguration = MappingConfiguration(for: Login.self) { map in
            map.missingKeys = .raise
            map.map(\.user, to: "user_name")
        }
    }
}

/// The first-hour article's models, for the GitHub issue checked in with the generator's samples.
private enum FirstHour {
    struct Issue: Mappable {
        enum State: String, CaseIterable {
            case open, closed
        }

        var number = 0
        var title = ""
        var state = State.open
        var user = Person()
        var labels: [Label] = []
        var createdAt = Date(timeIntervalSince1970: 0)
        var closedAt: Date?
        var body: String?

        static let mappingConfiguration = MappingConfiguration(for: Issue.self) { map in
            map.keyStrategy = .snakeCase
            map.convert(Date.self, using: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", secondsFromGMT: -25_200))
        }
    }

    struct Person: Mappable {
        var login = ""
        var id = 0
        var siteAdmin = false
    }

    struct Label: Mappable {
        var name = ""
        var color = ""
    }

    static var payload: Data {
        get throws {
            try Data(contentsOf: PackagePaths.root.appendingPathComponent("Tests/Generated/Samples/APIs/github-issue.json"))
        }
    }
}

private enum GettingStarted {
    struct Message: Mappable, Equatable {
        var text = ""
        var read = false
    }

    struct User: Mappable {
        var username = ""
        var messages: [Message] = []
        var website: URL?
    }
}

private enum Overview {
    struct User: Mappable {
        var username = ""
        var website: URL?
    }
}

private enum Configuration {
    struct Message: Mappable {
        var messageId: UInt = 0
        var publicationDate = Date(timeIntervalSince1970: 0)
        var authorName = ""
        var cache: [String: Any] = [:]

        static let mappingConfiguration = MappingConfiguration(for: Message.self) { map in
            map.keyStrategy = .snakeCase
            map.map(\.messageId, to: "message_id", "id")
            map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
            map.map(\.authorName, to: "author.profile.name")
            map.require(\.messageId, .exists)
            map.ignore(\.cache)
        }
    }
}

private enum ValueStrategies {
    struct Milestone: Mappable, Equatable {
        var title = ""
        var dueOn: Date?
    }

    struct Issue: Mappable {
        var createdAt = Date(timeIntervalSince1970: 0)
        var editedAt: [String: Date] = [:]
        var milestone = Milestone()

        static let mappingConfiguration = MappingConfiguration(for: Issue.self) { map in
            map.keyStrategy = .snakeCase
            map.convert(Date.self, using: .iso8601)
        }
    }
}

/// The errors article's inbox; the guide shows it with its keys in snake case (`ReadmeTests`).
enum Errors {
    struct Message: Mappable {
        var messageId: UInt = 0
        var read = false
    }

    struct Inbox: Mappable {
        var userId: UInt = 0
        var messages: [Message] = []
    }
}

private enum MissingKeys {
    struct Category: Mappable, Equatable {
        var nodeId = ""
        var repositoryId = 0
        var name = ""
        var emoji: String?
        var isAnswerable = false
    }

    struct Discussion: Mappable {
        var title = ""
        var category = Category()
        var createdAt = "unknown"

        static let mappingConfiguration = MappingConfiguration(for: Discussion.self) { map in
            map.keyStrategy = .snakeCase
            map.missingKeys = .raise
            map.allowsMissing(\.createdAt)
        }
    }
}

/// The enums article's types, which the README's example shares (`ReadmeTests`).
enum TaggedEnums {
    struct PushPayload: MappableCodable, Equatable {
        var ref = ""
        var size = 0
    }

    enum Event: TaggedEnum, Equatable {
        case push(PushPayload)
        case watch(action: String)
        case other(String)

        enum CodingKeys: String, CodingKey {
            case push = "PushEvent", watch = "WatchEvent", other
        }
        static var tagging: EnumTagging {
            EnumTagging.adjacentlyTagged(tag: "type", content: "payload").unknownTags(as: "other")
        }
    }

    struct Timeline: Mappable {
        var events: [Event] = []
    }

    struct Card: MappableCodable, Equatable {
        var brand = ""
        var lastFour = ""
        static let mappingConfiguration = MappingConfiguration(for: Card.self) { $0.keyStrategy = .snakeCase }
    }

    enum PaymentSource: TaggedEnum, Equatable {
        case card(Card)
        case bankAccount(routingNumber: String)
        static var tagging: EnumTagging {
            EnumTagging.internallyTagged(tag: "object").renamingCases(.snakeCase).renamingLabels(.snakeCase)
        }
    }

    struct Wallet: Mappable {
        var source = PaymentSource.bankAccount(routingNumber: "")
    }
}

private enum Flattening {
    struct Meta: Mappable, Equatable {
        var total = 0
        var nextCursor: String?
    }

    struct Page: Mappable {
        var meta = Meta()
        var items: [Int] = []
        var unmapped = UnmappedValues()

        static let mappingConfiguration = MappingConfiguration(for: Page.self) { map in
            map.keyStrategy = .snakeCase
            map.undefinedKeys = .stash
            map.flatten(\.meta)
        }
    }
}

private enum UndefinedKeys {
    struct User: Mappable {
        var name = ""
        var city = ""
        var nickname: String?
        var unmapped = UnmappedValues()

        static let mappingConfiguration = MappingConfiguration(for: User.self) { map in
            map.map(\.city, to: "address.city")
            map.undefinedKeys = .stash
        }
    }
}

private enum ModernModels {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Observable final class Profile: Mappable {
        var name = ""
        var age = 0
        required init() {}

        static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
            map.observed(\.name, \.age)
        }
    }

    /// The article's `Profile` without `observed(_:)`, whose update in place throws.
    enum Unobserved {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Observable final class Profile: Mappable {
            var name = ""
            var age = 0
            required init() {}
        }
    }

    @propertyWrapper struct Clamped: MappableWrapper {
        private var value: Int
        let range: ClosedRange<Int>
        init(wrappedValue: Int, _ range: ClosedRange<Int>) {
            self.range = range
            value = min(max(wrappedValue, range.lowerBound), range.upperBound)
        }
        var wrappedValue: Int {
            get { value }
            set { value = min(max(newValue, range.lowerBound), range.upperBound) }
        }
    }

    struct Player: Mappable {
        @Clamped(0...10) var level = 0
    }

    struct User: Mappable {
        var userName = ""
    }

    struct Page<Item: Mappable>: Mappable {
        var items: [Item] = []
        var nextCursor: String?

        static var mappingConfiguration: MappingConfiguration {
            .shared(for: Page.self) { map in
                map.keyStrategy = .snakeCase
                map.map(\.items, to: "data")
            }
        }
    }

    struct Message: Mappable {
        var read = false
    }

    struct Account: Mappable {
        var userId = 0
        var messages: [Message] = []
        static let mappingConfiguration = MappingConfiguration(for: Account.self) { $0.map(\.userId, to: "user_id") }
    }
}

@Suite("DocC articles")
struct DocCArticleTests {
    @Test("Working with JSON: arrays in, a model out, doubles written as doubles; untyped values")
    func workingWithJSON() throws {
        let points = try WorkingWithJSON.Point.array(json: #"[{"x": 1.5, "y": 2}, {"x": 0, "y": -1}]"#)
        #expect(printed(points) == DocPage.workingWithJSON.shown(after: "let points = try Point.array(json:"))
        #expect(String(decoding: try points[0].jsonData(options: .sortedKeys), as: UTF8.self)
            == DocPage.workingWithJSON.shown(after: "String(decoding: try points[0].jsonData(options: .sortedKeys), as: UTF8.self)"))
        let value = try JSONValue.parse(#"{"a": [1, 2.5, null]}"#)
        #expect(Plain(value) == DocPage.workingWithJSON.value(after: "let value = try JSONValue.parse("))
        #expect(String(decoding: try JSONValue.data(value, options: .sortedKeys), as: UTF8.self)
            == DocPage.workingWithJSON.shown(after: "let data = try JSONValue.data(value, options: .sortedKeys)"))
    }

    @Test("Your first hour: a GitHub issue read, refused, patched and written back as the article shows")
    func firstHour() throws {
        var issue = try FirstHour.Issue(json: FirstHour.payload)
        #expect(DocPage.firstHour.facts(after: "var issue = try Issue(json: data)") == [
            "issue.number": "\(issue.number)", "issue.user.login": issue.user.login.debugDescription,
            "issue.labels.map(\\.name)": "\(issue.labels.map(\.name))", "issue.createdAt": "\(issue.createdAt)",
            "issue.closedAt": printed(issue.closedAt as Any),
        ])
        let problem = mappingError { _ = try FirstHour.Issue(json: #"{"number": "1347x", "state": "merged", "created_at": "2011-04-22"}"#) }
        #expect(problem?.description == DocPage.firstHour.shown(after: "print(error)"))
        try issue.update(fromJSON: #"{"state": "closed", "closed_at": "2011-04-23T09:00:00.000-07:00"}"#)
        #expect(DocPage.firstHour.facts(after: "try issue.update(fromJSON:") == [
            "issue.state": ".\(issue.state)", "issue.title": issue.title.debugDescription, "issue.closedAt": issue.closedAt.map { "\($0)" } ?? "nil",
        ])
        let written = String(decoding: try issue.jsonData(), as: UTF8.self)
        #expect(written == DocPage.firstHour.shown(after: "let json = try issue.jsonData()").replacingOccurrences(of: "\n ", with: ""))
    }

    @Test("Working with JSON: a model's JSON Schema, as the article prints it")
    func workingWithJSONSchema() throws {
        #expect(String(decoding: try WorkingWithJSON.Login.jsonSchemaData(options: .sortedKeys), as: UTF8.self)
            == DocPage.workingWithJSON.shown(after: "print(String(decoding: try Login.jsonSchemaData(options: .sortedKeys), as: UTF8.self))"))
    }

    @Test("Working with JSON: a JSON Lines stream read from a synchronous source, one event at a time")
    func workingWithJSONStreams() throws {
        var remaining = Data("{\"id\": 1, \"kind\": \"open\"}\n{\"id\": 2, \"kind\": \"close\"}\n".utf8)[...]
        let reader = WorkingWithJSON.Event.jsonElements(reading: { buffer in
            let count = remaining.copyBytes(to: buffer)
            remaining = remaining.dropFirst(count)
            return count
        }, format: .lines)
        var lines: [String] = []
        while let event = try reader.next() {
            lines.append("\(event.id) \(event.kind)")
        }
        #expect("prints \(lines.map(\.debugDescription).joined(separator: ", then "))" == DocPage.workingWithJSON.shown(after: "print(event.id, event.kind)"))
    }

    @Test("Getting Started: a model from JSON, written back, and an error with its path")
    func gettingStarted() throws {
        let json = Data(#"{"username": "john.doe", "messages": [{"text": "Hi", "read": true}]}"#.utf8)
        var user = try GettingStarted.User(json: json)
        #expect(printed(user) == DocPage.gettingStarted.shown(after: "var user = try User(json: json)"))
        #expect(Plain(try user.dictionaryRepresentation()) == DocPage.gettingStarted.value(after: "try user.dictionaryRepresentation()"))
        #expect(String(decoding: try user.jsonData(), as: UTF8.self) == DocPage.gettingStarted.shown(after: "try user.jsonData()"))
        #expect(mappingError { try user.update(from: ["messages": [["read": "yes"]]]) }?.description
            == DocPage.gettingStarted.shown(after: "print(error)"))
    }

    @Test("MappingKit (the overview): JSON in, a dictionary out")
    func overview() throws {
        let user = try Overview.User(json: Data(#"{"username": "ann", "website": "https://example.com"}"#.utf8))
        #expect(printed(user) == DocPage.overview.shown(after: "let user = try User(json:"))
        #expect(Plain(try user.dictionaryRepresentation()) == DocPage.overview.value(after: "try user.dictionaryRepresentation()"))
    }

    @Test("Configuration: the article's table row, and a Mapper with its own configuration")
    func configuration() throws {
        let message = try Configuration.Message(dictionary: ["id": 7, "published_at": "2014-02-13", "author": ["profile": ["name": "Ann"]]])
        #expect(message.messageId == 7)
        #expect(message.publicationDate == Date(timeIntervalSince1970: 1_392_249_600))
        #expect(message.authorName == "Ann" && message.cache.isEmpty)
        let v1 = Mapper(keyStrategy: .snakeCase, coercion: .strict)
        v1.register(MappingConfiguration(for: GettingStarted.User.self) { $0.map(\.username, to: "login") }, for: GettingStarted.User.self)
        let user = try v1.map(["login": "ann"], to: GettingStarted.User.self)
        #expect(printed(user) == DocPage.configuration.shown(after: #"let user = try v1.map(["login": "ann"], to: User.self)"#))
    }

    @Test("Errors: every problem, with its path")
    func errors() {
        #expect(mappingError {
            _ = try Errors.Inbox(dictionary: ["userId": -42, "messages": [["read": true], ["messageId": 2.5, "read": "yes"]]])
        }?.description == DocPage.errors.block(containing: "userId: expected UInt"))
    }

    @Test("Undefined keys: the article's table, and .raise")
    func undefinedKeys() throws {
        let first: [String: Any] = ["name": "Ann", "theme": "dark", "address": ["city": "Oslo", "zip": "0150"]]
        let user = try UndefinedKeys.User(dictionary: first)
        #expect(user.unmapped == UnmappedValues(["address": ["zip": "0150"], "theme": "dark"]))
        #expect("\(user.unmapped)" == #"UnmappedValues(["address": ["zip": "0150"], "theme": "dark"])"#)
        #expect(try user.dictionaryRepresentation() as NSDictionary == first as NSDictionary)
        let second: [String: Any] = ["name": "Ann", "address": ["city": "Oslo"], "nickname": NSNull()]
        let nameless = try UndefinedKeys.User(dictionary: second)
        #expect(nameless.unmapped == UnmappedValues(["nickname": NSNull()]))
        #expect("\(nameless.unmapped)" == #"UnmappedValues(["nickname": null])"#)
        #expect(try nameless.dictionaryRepresentation() as NSDictionary == second as NSDictionary)
        #expect(mappingError { _ = try UndefinedKeys.User(dictionary: ["name": "Ann", "theme": "dark"], undefinedKeys: .raise) }?.description
            == DocPage.undefinedKeys.shown(after: #"try User(dictionary: ["name": "Ann", "theme": "dark"], undefinedKeys: .raise)"#))
    }

    @Test("Configuration: one adapter for every Date of a tree, and a mapper's value strategy")
    func valueStrategies() throws {
        let issue = try ValueStrategies.Issue(json: Data(#"""
            {"created_at": "2024-01-02T03:04:05Z", "edited_at": {"body": "2024-01-02T04:00:00Z"},
             "milestone": {"title": "v1", "due_on": "2024-02-01T00:00:00Z"}}
            """#.utf8))
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(issue.editedAt == ["body": Date(timeIntervalSince1970: 1_704_168_000)])
        #expect(issue.milestone == ValueStrategies.Milestone(title: "v1", dueOn: Date(timeIntervalSince1970: 1_706_745_600)))
        #expect(printed(issue.milestone.dueOn as Any) == DocPage.configuration.shown(after: "issue.milestone.dueOn"))
        let stripe = Mapper(keyStrategy: .snakeCase, valueStrategies: [.convert(Date.self, using: .unixSeconds)])
        #expect(try stripe.map(["title": "v2", "due_on": 60], to: ValueStrategies.Milestone.self).dueOn == Date(timeIntervalSince1970: 60))
    }

    @Test("Enums with associated values: GitHub's events, Stripe's sources, an unknown tag")
    func taggedEnums() throws {
        let timeline = try TaggedEnums.Timeline(json: Data(#"""
            {"events": [
                {"type": "PushEvent", "payload": {"ref": "main", "size": 2}},
                {"type": "WatchEvent", "payload": {"action": "started"}},
                {"type": "ForkEvent", "payload": {"forkee": {}}}
            ]}
            """#.utf8))
        #expect(DocPage.facts(in: DocPage.taggedEnums.shown(startingWith: "timeline.events == ")) == ["timeline.events": printed(timeline.events)])
        for shown in [DocPage.taggedEnums.shown(startingWith: #"{"object": "card""#), DocPage.taggedEnums.shown(startingWith: #"{"object": "bank_account""#)] {
            let claim = DocPage.mapping(shown)
            let wallet = try TaggedEnums.Wallet(dictionary: ["source": claim.json ?? NSNull()])
            #expect(claim.arrow == "↔" && printedCase(wallet.source) == claim.value)
            #expect(Plain(try wallet.dictionaryRepresentation()["source"] ?? NSNull()) == claim.json.map(Plain.init))
        }
        #expect(mappingError { _ = try TaggedEnums.Wallet(dictionary: ["source": ["object": "alipay_account"]]) }?.description
            == #"source.object: expected a case of PaymentSource (one of "card", "bank_account"), found String "alipay_account""#)
    }

    @Test("Flattening: paging beside the items, the stash keeps the rest, the round trip is exact")
    func flattening() throws {
        let json = #"{"total": 3, "next_cursor": "x", "items": [1, 2, 3], "etag": "W/1"}"#
        let page = try Flattening.Page(json: Data(json.utf8))
        #expect(DocPage.flattening.facts(after: "let page = try Page(json:") == [
            "page.meta.total": "\(page.meta.total)", "page.meta.nextCursor": page.meta.nextCursor?.debugDescription ?? "nil",
            "page.unmapped": "\(page.unmapped)",
        ])
        #expect(page.items == [1, 2, 3])
        #expect(try JSONSerialization.jsonObject(with: page.jsonData()) as? NSDictionary
            == JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    @Test("Missing keys: the article's example raises every absent key, its table's exemptions hold")
    func missingKeys() throws {
        #expect(mappingError { _ = try MissingKeys.Discussion(json: Data(#"{"title": "Why?", "category": {"name": "Q&A"}}"#.utf8)) }?.description
            == DocPage.missingKeys.shown(after: ##"try Discussion(json: Data(#"{"title": "Why?", "category": {"name": "Q&A"}}"#.utf8))"##))
        let category: [String: Any] = ["node_id": "D", "repository_id": 1, "name": "Q&A", "is_answerable": true]
        var discussion = try MissingKeys.Discussion(dictionary: ["title": "Why?", "category": category])
        #expect(discussion.createdAt == "unknown")
        #expect(discussion.category == MissingKeys.Category(nodeId: "D", repositoryId: 1, name: "Q&A", emoji: nil, isAnswerable: true))
        try discussion.update(from: ["category": ["name": "Ideas"]])
        #expect(discussion.category.name == "Ideas" && discussion.category.nodeId == "D")
        let strict = Mapper(keyStrategy: .snakeCase, missingKeys: .raise)
        #expect(mappingError { _ = try strict.map(["name": "Q&A"], to: MissingKeys.Category.self) }?.issues.count == 3)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("The models Swift developers write today: @Observable, a wrapper, a generic page, a report")
    func modernModels() throws {
        let profile = try ModernModels.Profile(dictionary: ["name": "Ann", "age": 36])
        #expect(profile.name == "Ann" && profile.age == 36)
        let unobserved = try ModernModels.Unobserved.Profile(dictionary: ["name": "Ann", "age": 36])
        // The article wraps the message's one line.
        #expect(mappingError { try unobserved.update(from: ["name": "Bea"]) }?.description
            == DocPage.modernModels.block(containing: "configuration of Profile").replacingOccurrences(of: "\n", with: " "))
        let player = try ModernModels.Player(dictionary: ["level": 42])
        #expect(player.level == 10)
        let page = try ModernModels.Page<ModernModels.User>(json: #"{"data": [{"user_name": "ann"}], "next_cursor": "b2"}"#)
        #expect(DocPage.modernModels.facts(after: "let page = try Page<User>(json:") == [
            "page.items[0].userName": page.items.first?.userName.debugDescription ?? "no item", "page.nextCursor": page.nextCursor?.debugDescription ?? "nil",
        ])
        let (account, report) = try MappingReport.collecting {
            try ModernModels.Account(json: #"{"user_id": "42", "theme": "dark", "messages": [{"read": 1}]}"#)
        }
        #expect(account.userId == 42 && account.messages.map(\.read) == [true])
        #expect("\(report)" == DocPage.modernModels.shown(after: "print(report)"))
    }
}
