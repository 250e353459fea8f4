import Foundation
import MappingKit

// A generic response type, the commonest model of an API client, against a non-generic twin with
// the same configuration: the generic one cannot have a `static let`, and declares its
// configuration through `MappingConfiguration.shared`.

struct Page<Item: Mappable>: Mappable {
    var statuses: [Item] = []
    var searchMetadata: [String: Any] = [:]

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Page.self) { map in
            map.keyStrategy = .snakeCase
            map.map(\.statuses, to: "statuses")
        }
    }
}

struct ConfiguredStatusPage: Mappable {
    var statuses: [ConfiguredStatus] = []
    var searchMetadata: [String: Any] = [:]

    static let mappingConfiguration = MappingConfiguration(for: ConfiguredStatusPage.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.statuses, to: "statuses")
    }
}

/// One small model in an envelope per call: where a configuration lookup weighs the most. The
/// bare pair below, with no configuration at all, shows what being generic costs by itself.
struct Envelope<Item: Mappable>: Mappable {
    var item: Item?
    var requestId = ""

    static var mappingConfiguration: MappingConfiguration {
        .shared(for: Envelope.self) { map in
            map.keyStrategy = .snakeCase
            map.map(\.item, to: "data")
        }
    }
}

struct SmallEnvelope: Mappable {
    var item: Small?
    var requestId = ""

    static let mappingConfiguration = MappingConfiguration(for: SmallEnvelope.self) { map in
        map.keyStrategy = .snakeCase
        map.map(\.item, to: "data")
    }
}

struct Small: Mappable {
    var name = ""
    var count = 0
}

enum GenericModels {
    static func run(twitter root: [String: Any], rounds: Int, only: String?) throws {
        check(try Page<ConfiguredStatus>(dictionary: root).statuses.count == 100, "generic page: wrong result")
        check(try ConfiguredStatusPage(dictionary: root).statuses.count == 100, "twin page: wrong result")
        let statuses = (root["statuses"] as? [Any])?.count ?? 0
        var harness = Harness(rounds: rounds, only: only)
        harness.add("Page<ConfiguredStatus> (generic, .shared)", objects: statuses) {
            try Page<ConfiguredStatus>(dictionary: root).statuses.count
        }
        harness.add("ConfiguredStatusPage (static let)", objects: statuses) {
            try ConfiguredStatusPage(dictionary: root).statuses.count
        }
        harness.beginGroup()
        let envelopes: [[String: Any]] = (0..<1_000).map { ["data": ["name": "n", "count": $0], "request_id": "r"] }
        check(try envelopes.allSatisfy { try Envelope<Small>(dictionary: $0).item != nil }, "generic envelope: wrong result")
        harness.add("Envelope<Small> (generic, .shared)", objects: envelopes.count) {
            try envelopes.reduce(0) { $0 + (try Envelope<Small>(dictionary: $1).item?.count ?? 0) }
        }
        harness.add("SmallEnvelope (static let)", objects: envelopes.count) {
            try envelopes.reduce(0) { $0 + (try SmallEnvelope(dictionary: $1).item?.count ?? 0) }
        }
        harness.beginGroup()
        let bare: [[String: Any]] = (0..<1_000).map { ["data": ["name": "n", "count": $0], "requestId": "r"] }
        harness.add("BareEnvelope<Small> (generic, no configuration)", objects: bare.count) {
            try bare.reduce(0) { $0 + (try BareEnvelope<Small>(dictionary: $1).data?.count ?? 0) }
        }
        harness.add("BareSmallEnvelope (no configuration)", objects: bare.count) {
            try bare.reduce(0) { $0 + (try BareSmallEnvelope(dictionary: $1).data?.count ?? 0) }
        }
        try harness.run()
        harness.printTable(title: "generic models: configuration through .shared against a static let twin", ratios: [
            ("Page<ConfiguredStatus> (generic, .shared)", "ConfiguredStatusPage (static let)"),
            ("Envelope<Small> (generic, .shared)", "SmallEnvelope (static let)"),
            ("BareEnvelope<Small> (generic, no configuration)", "BareSmallEnvelope (no configuration)"),
        ])
    }
}

struct BareEnvelope<Item: Mappable>: Mappable {
    var data: Item?
    var requestId = ""
}

struct BareSmallEnvelope: Mappable {
    var data: Small?
    var requestId = ""
}
