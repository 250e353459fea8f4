import Foundation
import GeneratedAPIs
import MappingKit
import MappingKitGenerator
import Testing

/// One API's payload (checked in, Tests/Generated/Samples/APIs), the options its models were
/// generated with into the one `GeneratedAPIs` target, and its round trip.
struct APISample: Sendable, CustomTestStringConvertible {
    let file: String
    let options: GeneratorOptions
    let source: String
    let roundTrip: @Sendable (_ dictionary: [String: Any], _ json: Data) throws -> (dictionary: [String: Any], json: Data)
    /// The compiled models' JSON Schema.
    let schema: @Sendable () throws -> [String: Any]

    var testDescription: String { file }

    static func sample<Model: Mappable & SendableMetatype>(_ file: String, _ model: Model.Type, _ options: GeneratorOptions) -> APISample {
        APISample(file: file, options: options, source: "Tests/Generated/APIs/\(options.name).swift", roundTrip: { dictionary, json in
            (try Model(dictionary: dictionary).dictionaryRepresentation(), try Model(json: json).jsonData())
        }, schema: { try Model.jsonSchema() })
    }

    static let all = [
        sample("github-issue.json", GitHubIssue.self, GeneratorOptions(name: "GitHubIssue", access: .public, stashesUndefinedKeys: true, typePrefix: "GitHub")),
        sample("stripe-customer.json", StripeCustomer.self, GeneratorOptions(name: "StripeCustomer", access: .public, stashesUndefinedKeys: true, typePrefix: "Stripe")),
        sample("mastodon-status.json", MastodonStatus.self, GeneratorOptions(name: "MastodonStatus", access: .public, stashesUndefinedKeys: true, typePrefix: "Mastodon")),
        sample("npm-packument.json", NpmPackument.self, GeneratorOptions(
            name: "NpmPackument", access: .public, stashesUndefinedKeys: true, typePrefix: "Npm", dictionaries: ["users"]
        )),
        sample("slack-message.json", SlackMessage.self, GeneratorOptions(name: "SlackMessage", access: .public, stashesUndefinedKeys: true, typePrefix: "Slack")),
        // Issue 62: four tagged unions, and a payload with none.
        sample("github-events.json", GHEvents.self, GeneratorOptions(name: "GHEvents", access: .public, stashesUndefinedKeys: true, typePrefix: "GH")),
        sample("stripe-events.json", WebhookEvents.self, GeneratorOptions(name: "WebhookEvents", access: .public, stashesUndefinedKeys: true, typePrefix: "Webhook")),
        sample("jsonapi-articles.json", JSONAPIDocument.self, GeneratorOptions(
            name: "JSONAPIDocument", access: .public, stashesUndefinedKeys: true, typePrefix: "JSONAPI"
        )),
        sample("geojson-features.json", GeoFeatureCollection.self, GeneratorOptions(
            name: "GeoFeatureCollection", access: .public, stashesUndefinedKeys: true, typePrefix: "Geo"
        )),
        sample("weather-current.json", Weather.self, GeneratorOptions(name: "Weather", access: .public, stashesUndefinedKeys: true, typePrefix: "Weather")),
        sample("socket-messages.json", SocketRoom.self, GeneratorOptions(name: "SocketRoom", access: .public, stashesUndefinedKeys: true, typePrefix: "Socket")),
    ]

    static func data(_ file: String) throws -> Data {
        try Data(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Generated/Samples/APIs/\(file)"))
    }
}

@Suite("Models generated from ten APIs' payloads, into one target (issues 42 and 62)")
struct GeneratedAPIModelsTests {
    @Test("the checked-in models are what the generator writes today", arguments: APISample.all)
    func checkedInModelsAreCurrent(sample: APISample) throws {
        let generated = try ModelGenerator(options: sample.options).source(for: [Sample(name: sample.file, data: APISample.data(sample.file))])
        let checkedIn = try String(contentsOf: Paths.packageRoot.appendingPathComponent(sample.source), encoding: .utf8)
        #expect(generated == checkedIn, "regenerate the checked-in models with Tests/Generated/regenerate.sh")
    }

    @Test("each payload maps into its models, from a dictionary and from JSON, and writes back exactly", arguments: APISample.all)
    func roundTrip(sample: APISample) throws {
        let json = try APISample.data(sample.file)
        let input = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let back = try sample.roundTrip(input, json)
        #expect(JSONSameness.difference(input, back.dictionary) == nil)
        #expect(JSONSameness.difference(input, try JSONSerialization.jsonObject(with: back.json)) == nil)
    }

    @Test("mappingkit-generate --schema gives what the compiled models' jsonSchema() gives", arguments: APISample.all)
    func schemaMatchesCompiledModels(sample: APISample) throws {
        let generated = try ModelGenerator(options: sample.options).jsonSchema(for: [Sample(name: sample.file, data: APISample.data(sample.file))])
        let compiled = try sample.schema()
        #expect(JSONSameness.difference(compiled, generated) == nil)
    }

    @Test("typed as a person would: data keys as dictionaries, shapes kept apart by name, dates in their offset, signs spelled")
    func typedLikeAPerson() throws {
        let npm = try NpmPackument(json: APISample.data("npm-packument.json"))
        // Keys that are versions, and user names (by --map users): dictionaries.
        let versions: [String: NpmVersion] = npm.versions
        #expect(versions.keys.sorted() == ["1.0.0", "1.1.0", "1.3.0"])
        #expect(npm.time.keys.sorted() == ["1.0.0", "1.1.0", "1.3.0", "created", "modified"])
        #expect(npm.users == ["jonathanong": true, "tunnckocore": true, "stevemao": true])
        // `scripts` and `directories` look alike in 1.0.0 and are two types.
        let scripts: NpmScripts? = versions["1.1.0"]?.scripts
        let directories: NpmDirectories? = versions["1.1.0"]?.directories
        #expect(scripts?.bench == "node perf/perf.js" && directories?.test == "test")

        let issue = try GitHubIssue(json: APISample.data("github-issue.json"))
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1_303_504_428))
        #expect(issue.reactions.plusOne == 3 && issue.reactions.minusOne == 1)
        #expect(String(decoding: try issue.jsonData(), as: UTF8.self).contains(#""created_at":"2011-04-22T13:33:48.000-07:00""#))

        let customer = try StripeCustomer(json: APISample.data("stripe-customer.json"))
        // A list's generic `data` is named after the list.
        let subscriptions: [StripeSubscription] = customer.subscriptions.data
        let items: [StripeItem] = subscriptions.first?.items.data ?? []
        #expect(items.first?.price.unitAmount == 1_000)

        let status = try MastodonStatus(json: APISample.data("mastodon-status.json"))
        // Side by side with the same keys: one type.
        let sizes: [MastodonOriginal] = status.mediaAttachments.flatMap { [$0.meta.original, $0.meta.small] }
        #expect(sizes.map(\.width) == [640, 461])
    }

    @Test("objects told apart by a discriminator whose shapes differ are a tagged enum, one case per tag, with a fallback that keeps the rest")
    func taggedUnions() throws {
        let events = try GHEvents(json: APISample.data("github-events.json")).events
        #expect(events.map(Self.caseName) == ["pushEvent", "watchEvent", "issuesEvent", "createEvent", "pushEvent"])
        if case .pushEvent(let push) = events[0] {
            #expect(push.payload.commits.map(\.author.name) == ["Monalisa Octocat"])
            #expect(push.actor.login == "octocat")
        } else {
            Issue.record("not a push: \(events[0])")
        }
        if case .watchEvent(let watch) = events[1] { #expect(watch.payload.action == "started") }

        let stripe = try WebhookEvents(json: APISample.data("stripe-events.json"))
        // Stripe's events are one type (their `type`s differ only inside `data.object`), whose objects are the union.
        #expect(stripe.data.map { Self.caseName($0.data.object) } == ["customer", "invoice", "charge"])
        if case .charge(let charge) = stripe.data[2].data.object { #expect(charge.paymentMethodDetails.card.last4 == "4242") }

        let document = try JSONAPIDocument(json: APISample.data("jsonapi-articles.json"))
        #expect(document.included.map(Self.caseName) == ["people", "comments", "comments"])

        let geo = try GeoFeatureCollection(json: APISample.data("geojson-features.json"))
        #expect(geo.features.map { Self.caseName($0.geometry) } == ["point", "lineString", "polygon"])
        if case .polygon(let polygon) = geo.features[2].geometry { #expect(polygon.coordinates[0].count == 5) }

        // Adjacently tagged, as the sample is: each payload under `payload`.
        let room = try SocketRoom(json: APISample.data("socket-messages.json"))
        #expect(room.messages.map(Self.caseName) == ["chat", "presence", "chat", "typing"])
        if case .presence(let presence) = room.messages[1] { #expect(presence.devices == ["ios", "web"]) }

        // A tag the samples did not show: the fallback, written back as it came.
        let unknown = #"{"type": "MultiPoint", "coordinates": [[1.5, 2.5]], "bbox": [1.5, 2.5, 1.5, 2.5]}"#
        let feature = try GeoFeature(json: #"{"type": "Feature", "geometry": \#(unknown), "properties": {"prop0": "x"}}"#)
        #expect(Self.caseName(feature.geometry) == "other")
        let written = try JSONSerialization.jsonObject(with: feature.jsonData()) as? [String: Any]
        #expect(JSONSameness.difference(written?["geometry"] ?? NSNull(), try JSONSerialization.jsonObject(with: Data(unknown.utf8))) == nil)
    }

    /// The name of an enum value's case, as Swift prints it.
    private static func caseName(_ value: Any) -> String {
        String(String(describing: value).prefix { $0 != "(" })
    }
}
