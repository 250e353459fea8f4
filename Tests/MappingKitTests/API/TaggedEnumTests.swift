import Foundation
import MappingKit
import Testing

private enum Shape: TaggedEnum, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case point(Int, Int)
    case label(String)
    case empty
}

private struct Drawing: Mappable, Equatable {
    var shape = Shape.empty
    var shapes: [Shape] = []
    var named: [String: Shape] = [:]
    var maybe: Shape?
}

private enum InternalShape: TaggedEnum, Equatable {
    case circle(radius: Double)
    case square(side: Double, filled: Bool?)
    case empty
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private enum AdjacentShape: TaggedEnum, Equatable {
    case circle(radius: Double)
    case point(Int, Int)
    case label(String)
    case empty
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }
}

private struct Sketch: Mappable, Equatable {
    var inside = InternalShape.empty
    var beside = AdjacentShape.empty
}

/// Stripe's shape: `{"object": "card", …}`, a nested model as the payload, snake_case tags and
/// a fallback that keeps the unknown tag.
private struct Card: MappableCodable, Equatable {
    var brand = ""
    var lastFour = ""
    static let mappingConfiguration = MappingConfiguration(for: Card.self) { $0.keyStrategy = .snakeCase }
}

private enum PaymentSource: TaggedEnum, Equatable {
    case card(Card)
    case bankAccount(routingNumber: String)
    case other(String)
    static var tagging: EnumTagging {
        EnumTagging.internallyTagged(tag: "object").renamingCases(.snakeCase).renamingLabels(.snakeCase).unknownTags(as: "other")
    }
}

private final class Customer: Mappable, MappableCodable, Equatable {
    var id = ""
    var sources: [PaymentSource] = []
    var preferred: PaymentSource?
    required init() {}
    static func == (lhs: Customer, rhs: Customer) -> Bool {
        lhs.id == rhs.id && lhs.sources == rhs.sources && lhs.preferred == rhs.preferred
    }
}

/// GitHub's events: `{"type": "PushEvent", "payload": {…}}`.
private struct Push: MappableCodable, Equatable {
    var ref = ""
    var size = 0
}

private enum Event: TaggedEnum, Equatable {
    case push(Push)
    case watch(action: String)
    case unknown
    enum CodingKeys: String, CodingKey {
        case push = "PushEvent", watch = "WatchEvent", unknown = "Unknown"
    }
    static var tagging: EnumTagging { EnumTagging.adjacentlyTagged(tag: "type", content: "payload").unknownTags(as: "Unknown") }
}

private struct Timeline: Mappable, Equatable {
    var events: [Event] = []
}

private indirect enum Expression: TaggedEnum, Equatable {
    case number(Int)
    case sum(Expression, Expression)
}

private struct Formula: Mappable, Equatable {
    var root = Expression.number(0)
}

private enum Pair: TaggedEnum {
    case both(Int, Int)
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private struct HoldsPair: Mappable {
    var pair = Pair.both(0, 0)
}

private enum Lonely: TaggedEnum {
    case only(Int)
    static var tagging: EnumTagging { EnumTagging.externallyTagged.unknownTags(as: "missing") }
}

private struct HoldsLonely: Mappable {
    var lonely = Lonely.only(0)
}

private enum HandWritten: TaggedEnum {
    case one(Int)
    init(from decoder: any Decoder) throws { self = .one(try decoder.singleValueContainer().decode(Int.self)) }
    func encode(to encoder: any Encoder) throws {}
}

private struct HoldsHandWritten: Mappable {
    var value = HandWritten.one(0)
}

private enum Change: TaggedEnum, Equatable {
    case renamed(from: String, at: Date)
    case deleted(at: Date?)
    static var tagging: EnumTagging { .internallyTagged(tag: "kind") }
}

private struct History: Mappable, Equatable {
    var changes: [Change] = []
    static let mappingConfiguration = MappingConfiguration(for: History.self) { $0.convert(Date.self, using: .unixSeconds) }
}

@Suite("Tagged enums")
struct TaggedEnumTests {
    @Test("externally tagged: labelled, tuple, single and no payload, in every container, both ways")
    func external() throws {
        let json = #"{"shape": {"circle": {"radius": 1.5}}, "shapes": [{"rectangle": {"width": 2, "height": 3}}, {"point": [1, 2]}, {"label": "hi"}, "empty"], "named": {"a": "empty"}, "maybe": null}"#
        let drawing = try mapped(Drawing.self, jsonDictionary(json))
        #expect(drawing == Drawing(shape: .circle(radius: 1.5), shapes: [.rectangle(width: 2, height: 3), .point(1, 2), .label("hi"), .empty], named: ["a": .empty], maybe: nil))
        #expect(try plainRepresentation(of: drawing) == .object([
            "shape": .object(["circle": .object(["radius": .double(1.5)])]),
            "shapes": .array([
                .object(["rectangle": .object(["width": .double(2), "height": .double(3)])]),
                .object(["point": .array([.int(1), .int(2)])]),
                .object(["label": .string("hi")]),
                .string("empty"),
            ]),
            "named": .object(["a": .string("empty")]),
        ]))
        #expect(try Drawing(json: drawing.jsonData()) == drawing)
    }

    @Test("Swift's own form of a case without payload, {\"empty\": {}} or null, is read too")
    func swiftForm() throws {
        #expect(try mapped(Drawing.self, jsonDictionary(#"{"shape": {"empty": {}}, "maybe": {"empty": null}}"#)) == Drawing(maybe: .empty))
    }

    @Test("internally and adjacently tagged, both ways")
    func internalAndAdjacent() throws {
        let json = #"{"inside": {"type": "square", "side": 2}, "beside": {"t": "point", "c": [3, 4]}}"#
        let sketch = try mapped(Sketch.self, jsonDictionary(json))
        #expect(sketch == Sketch(inside: .square(side: 2, filled: nil), beside: .point(3, 4)))
        #expect(try plainRepresentation(of: sketch) == .object([
            "inside": .object(["type": .string("square"), "side": .double(2)]),
            "beside": .object(["t": .string("point"), "c": .array([.int(3), .int(4)])]),
        ]))
        #expect(try Sketch(json: sketch.jsonData()) == sketch)
        let others = try mapped(Sketch.self, jsonDictionary(#"{"inside": {"type": "empty"}, "beside": {"t": "label", "c": "x"}}"#))
        #expect(others == Sketch(inside: .empty, beside: .label("x")))
        #expect(try plainRepresentation(of: others) == .object([
            "inside": .object(["type": .string("empty")]),
            "beside": .object(["t": .string("label"), "c": .string("x")]),
        ]))
    }

    @Test("a nested model as the payload, renamed cases and labels, a class, and the Codable bridge")
    func stripe() throws {
        let json = #"""
        {"id": "cus_1", "sources": [
            {"object": "card", "brand": "visa", "last_four": "4242"},
            {"object": "bank_account", "routing_number": "110000000"}
        ], "preferred": {"object": "card", "brand": "amex", "last_four": "0005"}}
        """#
        let customer = try mapped(Customer.self, jsonDictionary(json))
        let expected = Customer()
        expected.id = "cus_1"
        expected.sources = [.card(Card(brand: "visa", lastFour: "4242")), .bankAccount(routingNumber: "110000000")]
        expected.preferred = .card(Card(brand: "amex", lastFour: "0005"))
        #expect(customer == expected)
        let written = try plainRepresentation(of: customer)
        #expect(written == .object([
            "id": .string("cus_1"),
            "sources": .array([
                .object(["object": .string("card"), "brand": .string("visa"), "last_four": .string("4242")]),
                .object(["object": .string("bank_account"), "routing_number": .string("110000000")]),
            ]),
            "preferred": .object(["object": .string("card"), "brand": .string("amex"), "last_four": .string("0005")]),
        ]))
        // Through JSONDecoder and JSONEncoder, by way of MappableCodable: the same shape.
        let decoded = try JSONDecoder().decode(Customer.self, from: Data(json.utf8))
        #expect(decoded == expected)
        let encoded = try JSONEncoder().encode(decoded)
        #expect(try Plain(JSONSerialization.jsonObject(with: encoded)) == written)
    }

    @Test("an unknown tag is read as the fallback case, which keeps it, and is reported")
    func fallback() throws {
        let input = try jsonDictionary(#"{"sources": [{"object": "alipay_account", "fingerprint": "x"}]}"#)
        let (customer, report) = try MappingReport.collecting { try Customer(dictionary: input) }
        #expect(customer.sources == [.other("alipay_account")])
        #expect(report.description == #"sources[0].object: an unknown tag, read as the fallback case other, found String "alipay_account""#)
        #expect(try plainRepresentation(of: customer) == .object([
            "id": .string(""), "sources": .array([.object(["object": .string("alipay_account")])]),
        ]))
        #expect(try Customer(json: #"{"sources": [{"object": "alipay_account"}]}"#).sources == [.other("alipay_account")])
    }

    @Test("adjacently tagged GitHub events: CodingKeys rename the tags, a fallback case without payload")
    func github() throws {
        let json = #"{"events": [{"type": "PushEvent", "payload": {"ref": "main", "size": 2}}, {"type": "WatchEvent", "payload": {"action": "started"}}, {"type": "ForkEvent", "payload": {"forkee": {}}}]}"#
        let timeline = try mapped(Timeline.self, jsonDictionary(json))
        #expect(timeline == Timeline(events: [.push(Push(ref: "main", size: 2)), .watch(action: "started"), .unknown]))
        let (_, report) = try MappingReport.collecting { try Timeline(json: json) }
        #expect(report.description == #"events[2].type: an unknown tag, read as the fallback case Unknown, found String "ForkEvent""#)
        #expect(try plainRepresentation(of: timeline) == .object(["events": .array([
            .object(["type": .string("PushEvent"), "payload": .object(["ref": .string("main"), "size": .int(2)])]),
            .object(["type": .string("WatchEvent"), "payload": .object(["action": .string("started")])]),
            .object(["type": .string("Unknown")]),
        ])]))
    }

    @Test("an enum that holds itself, through its own plan")
    func recursive() throws {
        let formula = try mapped(Formula.self, jsonDictionary(#"{"root": {"sum": [{"number": 1}, {"sum": [{"number": 2}, {"number": 3}]}]}}"#))
        #expect(formula == Formula(root: .sum(.number(1), .sum(.number(2), .number(3)))))
        #expect(try Formula(json: formula.jsonData()) == formula)
        var deep: Any = ["number": 1]
        for _ in 0..<200 { deep = ["sum": [deep, ["number": 1]]] }
        let error = mappingError { _ = try Formula(dictionary: ["root": deep], limits: MappingLimits(maximumDepth: 50)) }
        #expect(error?.issues.first?.expected == "at most 50 levels of nested models")
    }

    @Test("errors name the known tags, the payload's place and what it needed", arguments: [
        (#"{"shape": {"triangle": {}}}"#, #"shape: expected a case of Shape (one of "circle", "rectangle", "point", "label", "empty"), found String "triangle""#),
        (#"{"shape": "hexagon"}"#, #"shape: expected a case of Shape (one of "circle", "rectangle", "point", "label", "empty"), found String "hexagon""#),
        (#"{"shapes": [{"circle": {"radius": "x"}}]}"#, #"shapes[0].circle.radius: expected Double, found String "x""#),
        (#"{"shape": {"circle": {}}}"#, "shape.circle.radius: required, missing"),
        (#"{"shape": {"point": [1]}}"#, "shape.point: expected an array of 2 values (the payload of Shape.point), found Array of 1 element"),
        (#"{"shape": {"point": [1, "a"]}}"#, #"shape.point[1]: expected Int, found String "a""#),
        (#"{"shape": {"circle": 1, "empty": {}}}"#, #"shape: expected Shape (a tag, or an object of one tag: "circle", "rectangle", "point", "label", "empty"), found Dictionary of 2 keys"#),
        (#"{"shape": 7}"#, #"shape: expected Shape (a tag, or an object of one tag: "circle", "rectangle", "point", "label", "empty"), found Int 7"#),
        (#"{"shape": {"empty": 1}}"#, "shape.empty: expected nothing (the payload of Shape.empty), found Int 1"),
    ])
    func externalErrors(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Drawing.self, input) }?.description == message)
    }

    @Test("errors of internally and adjacently tagged values", arguments: [
        (#"{"inside": {"side": 2}}"#, #"inside.type: expected a case of InternalShape (one of "circle", "square", "empty"), found nothing"#),
        (#"{"inside": {"type": 3}}"#, #"inside.type: expected a case of InternalShape (one of "circle", "square", "empty"), found Int 3"#),
        (#"{"inside": {"type": "square", "side": 2, "filled": "yes"}}"#, #"inside.filled: expected Bool, found String "yes""#),
        (#"{"inside": []}"#, #"inside: expected InternalShape (an object with its tag in "type"), found Array of 0 elements"#),
        (#"{"beside": {"t": "circle"}}"#, "beside.c: expected an object (the payload of AdjacentShape.circle), found nothing"),
        (#"{"beside": {"t": "circle", "c": {"radius": null}}}"#, "beside.c.radius: expected Double, found null"),
    ])
    func taggedErrors(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        #expect(mappingError { _ = try mapped(Sketch.self, input) }?.description == message)
    }

    @Test("an enum whose tagging cannot hold it is a configuration error")
    func configurationErrors() throws {
        #expect(mappingError { _ = try HoldsPair(dictionary: ["pair": ["type": "both"]]) }?.description
            == #"pair: configuration of Pair: case both has several unlabelled values, which an object internally tagged by "type" has no place for"#)
        #expect(mappingError { _ = try HoldsLonely(dictionary: ["lonely": ["only": 1]]) }?.description
            == "lonely: configuration of Lonely: the fallback case missing is not one of its cases (only)")
        #expect(mappingError { _ = try HoldsHandWritten(dictionary: ["value": 1]) }?.description
            == "value: configuration of HandWritten: a TaggedEnum needs Swift's synthesized Codable conformance, keyed by its cases")
    }

    @Test("a payload's dates follow the value strategy the model holding the enum sets")
    func valueStrategy() throws {
        let history = try mapped(History.self, jsonDictionary(#"{"changes": [{"kind": "renamed", "from": "a", "at": 1700000000}, {"kind": "deleted", "at": null}]}"#))
        #expect(history == History(changes: [.renamed(from: "a", at: Date(timeIntervalSince1970: 1_700_000_000)), .deleted(at: nil)]))
        #expect(try plainRepresentation(of: history) == .object(["changes": .array([
            .object(["kind": .string("renamed"), "from": .string("a"), "at": .int(1_700_000_000)]),
            .object(["kind": .string("deleted")]),
        ])]))
    }

    @Test("the tagging in words")
    func description() {
        #expect(EnumTagging.externallyTagged.description == "externally tagged")
        #expect(PaymentSource.tagging.description == #"internally tagged by "object", cases snakeCase, labels snakeCase, unknown tags as other"#)
        #expect(AdjacentShape.tagging.description == #"adjacently tagged by "t" and "c""#)
    }
}
