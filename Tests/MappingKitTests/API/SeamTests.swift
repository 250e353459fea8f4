import Foundation
import MappingKit
import Testing

// Issue 57: rules and positions that were each tested alone, tested together. Each test here
// failed on 7877430; the feature × position matrix (`Engine/FeaturePositionMatrixTests`) keeps
// the class of defect from coming back.

private enum Geometry: TaggedEnum, Equatable {
    case point(coordinates: [Double])
    case line(coordinates: [[Double]])
    enum CodingKeys: String, CodingKey { case point = "Point", line = "LineString" }
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private struct StrictFeature: Mappable, Equatable {
    var g = Geometry.point(coordinates: [])
    var c: [Double] = []
    static let mappingConfiguration = MappingConfiguration(for: StrictFeature.self) { $0.coercion = .strict }
}

private struct Feature: Mappable, Equatable {
    var g = Geometry.point(coordinates: [])
}

@Suite("Issue 57: rules reach every position")
struct SeamTests {
    @Test("item 2: .strict reaches a tagged enum's payload, per type and through a mapper")
    func strictPayloads() throws {
        let input: [String: Any] = ["g": ["type": "Point", "coordinates": ["1", 2]]]
        let perType = mappingError { _ = try StrictFeature(dictionary: input) }
        #expect(perType?.description == #"g.coordinates[0]: expected Double, found String "1""#)
        // The same value in a property of the payload's type gets the same message.
        let property = mappingError { _ = try StrictFeature(dictionary: ["c": ["1", 2]]) }
        #expect(property?.description == #"c[0]: expected Double, found String "1""#)
        let json = mappingError { _ = try StrictFeature(json: #"{"g":{"type":"Point","coordinates":["1",2]}}"#) }
        #expect(json?.description == perType?.description)
        let mapped = mappingError { _ = try Mapper(coercion: .strict).map(input, to: Feature.self) }
        #expect(mapped?.description == perType?.description)
        // The default mode still converts losslessly.
        #expect(try Feature(dictionary: input) == Feature(g: .point(coordinates: [1, 2])))
    }
}

private enum GeoGeometry: TaggedEnum, Equatable {
    case point(coordinates: [Double])
    case polygon(coordinates: [[[Double]]])
    enum CodingKeys: String, CodingKey { case point = "Point", polygon = "Polygon" }
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private struct GeoFeature: Mappable, Equatable {
    var geometry = GeoGeometry.point(coordinates: [])
}

private struct FeatureCollection: Mappable, Equatable {
    var features: [GeoFeature] = []
}

private struct BoxingCollection: Mappable, Equatable {
    var features: [GeoFeature] = []
    static let mappingConfiguration = MappingConfiguration(for: BoxingCollection.self) { $0.singleValuesAsArrays = true }
}

private struct CodableCollection: MappableCodable, Equatable {
    var features: [GeoFeature] = []
}

extension SeamTests {
    static let boxingHint = "Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:))"

    @Test("item 3: one value is no array at any depth, on every input, unless a setting says so")
    func noBoxingByDefault() throws {
        let polygon = #"{"features": [{"geometry": {"type": "Polygon", "coordinates": [[1, 2], [3, 4]]}}]}"#
        let expected = """
            4 problems:
              features[0].geometry.coordinates[0][0]: expected \(Self.boxingHint), found Int 1
              features[0].geometry.coordinates[0][1]: expected \(Self.boxingHint), found Int 2
              features[0].geometry.coordinates[1][0]: expected \(Self.boxingHint), found Int 3
              features[0].geometry.coordinates[1][1]: expected \(Self.boxingHint), found Int 4
            """
        #expect(mappingError { _ = try FeatureCollection(json: polygon) }?.description == expected)
        #expect(mappingError { _ = try FeatureCollection(dictionary: jsonDictionary(polygon)) }?.description == expected)
        // Tree-wide boxing takes the property's own array only, never one nested in it.
        #expect(mappingError { _ = try BoxingCollection(json: polygon) }?.description == expected)

        let single = #"{"features": {"geometry": {"type": "Point", "coordinates": [1, 2]}}}"#
        #expect(mappingError { _ = try FeatureCollection(json: single) }?.description
            == "features: expected \(Self.boxingHint), found Dictionary of 1 key")
        #expect(mappingError { _ = try FeatureCollection(dictionary: jsonDictionary(single)) }?.description
            == "features: expected \(Self.boxingHint), found Dictionary of 1 key")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CodableCollection.self, from: Data(single.utf8)) }

        // Opted in: boxed, and reported at the property's path.
        let (boxed, report) = try MappingReport.collecting { try BoxingCollection(json: single) }
        #expect(boxed == BoxingCollection(features: [GeoFeature(geometry: .point(coordinates: [1, 2]))]))
        #expect(report.description == "features: taken as the only element of a collection, found Dictionary of 1 key")
    }

    @Test("item 3: a report inside a tagged payload names the payload's path")
    func payloadReportPath() throws {
        let json = #"{"features": [{"geometry": {"type": "Point", "coordinates": ["1", 2]}}]}"#
        let (_, report) = try MappingReport.collecting { try FeatureCollection(json: json) }
        #expect(report.description == #"features[0].geometry.coordinates[0]: coerced to Double, found String "1""#)
    }
}

private enum GitHubPayload: TaggedEnum, Equatable {
    case push(ref: String, size: Int, head: String)
    case watch(action: String)
    enum CodingKeys: String, CodingKey { case push = "PushEvent", watch = "WatchEvent" }
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "type", content: "payload") }
}

private enum InternalPayload: TaggedEnum, Equatable {
    case push(ref: String, size: Int, note: String?)
    case watch(action: String)
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private enum ExternalPayload: TaggedEnum, Equatable {
    case push(ref: String, size: Int)
    case watch(action: String)
}

private struct GitHubEvent: Mappable, Equatable {
    var id = ""
    var payload = GitHubPayload.watch(action: "")
    var inside = InternalPayload.watch(action: "")
    var outside = ExternalPayload.watch(action: "")
    var maybe: GitHubPayload?
    var byName: [String: InternalPayload] = [:]
}

extension SeamTests {
    @Test("item 4: an update with the same tag merges into the payload (RFC 7396); another tag replaces it")
    func taggedPartialUpdate() throws {
        let start = GitHubEvent(
            id: "1",
            payload: .push(ref: "refs/heads/main", size: 1, head: "abc"),
            inside: .push(ref: "main", size: 1, note: "n"),
            outside: .push(ref: "main", size: 1),
            maybe: .push(ref: "dev", size: 2, head: "def"),
            byName: ["a": .push(ref: "a", size: 1, note: nil)]
        )
        let patch = """
            {"payload": {"type": "PushEvent", "payload": {"size": 3}}, "inside": {"size": 4, "note": null},
             "outside": {"push": {"size": 5}}, "maybe": {"payload": {"head": "fed"}}, "byName": {"a": {"type": "push", "size": 6}}}
            """
        var expected = start
        expected.payload = .push(ref: "refs/heads/main", size: 3, head: "abc")
        expected.inside = .push(ref: "main", size: 4, note: nil)
        expected.outside = .push(ref: "main", size: 5)
        expected.maybe = .push(ref: "dev", size: 2, head: "fed")
        expected.byName = ["a": .push(ref: "a", size: 6, note: nil)]
        var fromJSON = start
        try fromJSON.update(fromJSON: Data(patch.utf8))
        #expect(fromJSON == expected)
        var fromDictionary = start
        try fromDictionary.update(from: jsonDictionary(patch))
        #expect(fromDictionary == expected)

        // Another tag replaces the payload whole, and must be complete.
        var replaced = start
        try replaced.update(from: ["payload": ["type": "WatchEvent", "payload": ["action": "started"]], "outside": ["watch": ["action": "x"]]])
        #expect(replaced.payload == .watch(action: "started"))
        #expect(replaced.outside == .watch(action: "x"))
        var incomplete = start
        #expect(mappingError { try incomplete.update(from: ["payload": ["type": "WatchEvent", "payload": [String: Any]()]]) }?.description
            == "payload.payload.action: required, missing")
        #expect(incomplete == start)
        // A merged payload that no longer converts fails, and changes nothing.
        #expect(mappingError { try incomplete.update(from: ["inside": ["size": "big"]]) }?.description
            == #"inside.size: expected Int, found String "big""#)
        #expect(incomplete == start)
    }
}

private struct Charge: MappableCodable, Equatable {
    var object = ""
    var id = ""
}

private struct Invoice: MappableCodable, Equatable {
    var id = ""
    static let mappingConfiguration = MappingConfiguration(for: Invoice.self) { $0.undefinedKeys = .raise }
}

private enum StripeObject: TaggedEnum, Equatable {
    case charge(Charge)
    case invoice(Invoice)
    static var tagging: EnumTagging { .internallyTagged(tag: "object") }
}

private enum LabelledObject: TaggedEnum, Equatable {
    case resource(object: String, id: String)
    static var tagging: EnumTagging { .internallyTagged(tag: "object") }
}

private struct LabelledStripeData: Mappable {
    var object = LabelledObject.resource(object: "", id: "")
}

private struct StripeData: MappableCodable, Equatable {
    var object = StripeObject.invoice(Invoice())
}

extension SeamTests {
    @Test("item 5: internally tagged, a payload property named like the tag reads the tag; writing takes the tag from the case")
    func tagNamedProperty() throws {
        let json = #"{"object": {"object": "charge", "id": "ch_1"}}"#
        let expected = StripeData(object: .charge(Charge(object: "charge", id: "ch_1")))
        #expect(try StripeData(json: json) == expected)
        #expect(try StripeData(dictionary: jsonDictionary(json)) == expected)
        #expect(try JSONDecoder().decode(StripeData.self, from: Data(json.utf8)) == expected)
        #expect(try Plain(jsonObject(String(decoding: expected.jsonData(), as: UTF8.self)))
            == .object(["object": .object(["object": .string("charge"), "id": .string("ch_1")])]))
        // A model that does not map the tag's key passes it over, under `.raise` too.
        #expect(try StripeData(json: #"{"object": {"object": "invoice", "id": "in_1"}}"#) == StripeData(object: .invoice(Invoice(id: "in_1"))))
        #expect(mappingError { _ = try StripeData(json: #"{"object": {"object": "invoice", "id": "in_1", "x": 1}}"#) }?.description
            == "object.x: expected a key Invoice maps, found Int 1")
        // A label named like the tag could not write its own value back: refused, never empty.
        #expect(mappingError { _ = try LabelledStripeData(json: #"{"object": {"object": "resource", "id": "r1"}}"#) }?.description
            == #"object: configuration of LabelledObject: case resource has a label "object", the tag's own key"#)
    }
}

private enum EventObject: TaggedEnum, Equatable {
    case charge(Charge)
    case unknown(String, UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "object").unknownTags(as: "unknown") }
}

private enum ExternalObject: TaggedEnum, Equatable {
    case charge(Charge)
    case other(tag: String, kept: UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.externallyTagged.unknownTags(as: "other") }
}

private enum AdjacentObject: TaggedEnum, Equatable {
    case charge(Charge)
    case other(String, UnmappedValues)
    static var tagging: EnumTagging { EnumTagging.adjacentlyTagged(tag: "t", content: "c").unknownTags(as: "other") }
}

private struct StripeEvent: MappableCodable, Equatable {
    var object = EventObject.unknown("", [:])
    var external = ExternalObject.other(tag: "", kept: [:])
    var adjacent = AdjacentObject.other("", [:])
}

/// Mastodon's media attachments: "unknown" is a real type, and the fallback's name.
private enum MediaAttachment: TaggedEnum, Equatable {
    case image(url: String)
    case unknown(String)
    static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "type").unknownTags(as: "unknown") }
}

private struct Status: Mappable, Equatable {
    var media: [MediaAttachment] = []
}

extension SeamTests {
    @Test("item 6: a fallback that holds UnmappedValues keeps what it read and writes it back exactly, on every route")
    func fallbackKeepsPayload() throws {
        let json = """
            {"object": {"object": "invoice", "id": "in_1", "amount_due": 500},
             "external": {"refund": {"id": "re_1", "amount": [1, 2]}},
             "adjacent": {"t": "refund", "c": {"id": "re_2"}}}
            """
        let expected = StripeEvent(
            object: .unknown("invoice", ["object": "invoice", "id": "in_1", "amount_due": 500]),
            external: .other(tag: "refund", kept: ["refund": ["id": "re_1", "amount": [1, 2]]]),
            adjacent: .other("refund", ["t": "refund", "c": ["id": "re_2"]])
        )
        let fromJSON = try StripeEvent(json: json)
        #expect(fromJSON == expected)
        #expect(try StripeEvent(dictionary: jsonDictionary(json)) == expected)
        #expect(try JSONDecoder().decode(StripeEvent.self, from: Data(json.utf8)) == expected)
        let written = try jsonObject(String(decoding: fromJSON.jsonData(), as: UTF8.self))
        #expect(Plain(written) == Plain(try jsonObject(json)))
        #expect(Plain(try fromJSON.dictionaryRepresentation()) == Plain(try jsonObject(json)))
        #expect(try Plain(jsonObject(String(decoding: JSONEncoder().encode(fromJSON), as: UTF8.self))) == Plain(try jsonObject(json)))
        // A bare external tag keeps nothing more, and is written back as the tag.
        let bare = try StripeEvent(json: #"{"external": "refund"}"#)
        #expect(bare.external == .other(tag: "refund", kept: [:]))
        #expect(Plain(try bare.dictionaryRepresentation()["external"] as Any) == .string("refund"))
    }

    @Test("item 7: a fallback named like a real tag reads it as an unknown tag; messages list only the real tags")
    func fallbackNamedLikeTag() throws {
        let status = try Status(json: #"{"media": [{"type": "unknown", "url": "x"}, {"type": "image", "url": "y"}]}"#)
        #expect(status == Status(media: [.unknown("unknown"), .image(url: "y")]))
        #expect(try Status(dictionary: ["media": [["type": "unknown"]]]) == Status(media: [.unknown("unknown")]))
        #expect(Plain(try Status(media: [.unknown("unknown")]).dictionaryRepresentation())
            == .object(["media": .array([.object(["type": .string("unknown")])])]))
        #expect(mappingError { _ = try Status(json: #"{"media": [{"type": 5}]}"#) }?.description
            == #"media[0].type: expected a case of MediaAttachment (one of "image"), found Int 5"#)
    }
}

private struct Preset: MappableCodable, Equatable {
    var name = ""
    var note: String? = "preset"
    var kept: Int? = 5
    static let mappingConfiguration = MappingConfiguration(for: Preset.self) { map in
        map.missingKeys = .raise
        map.allowsMissing(\.kept)
    }
}

private struct LoosePreset: Mappable, Equatable {
    var name = ""
    var note: String? = "preset"
}

extension SeamTests {
    @Test("item 8: under missingKeys = .raise an absent optional is nil, as decodeIfPresent gives it, on every input")
    func absentOptionalIsNil() throws {
        let expected = Preset(name: "a", note: nil, kept: 5)
        #expect(try Preset(dictionary: ["name": "a"]) == expected)
        #expect(try Preset(json: #"{"name": "a"}"#) == expected)
        #expect(try JSONDecoder().decode(Preset.self, from: Data(#"{"name": "a"}"#.utf8)) == expected)
        #expect(try Mapper(missingKeys: .raise).map(["name": "a"], to: LoosePreset.self) == LoosePreset(name: "a", note: nil))
        #expect(try Mapper(missingKeys: .raise).map(json: Data(#"{"name": "a"}"#.utf8), to: LoosePreset.self) == LoosePreset(name: "a", note: nil))
        // An update in place leaves an absent key's value alone (PATCH).
        var updated = Preset(name: "a", note: "kept", kept: 1)
        try updated.update(from: ["name": "b"])
        #expect(updated == Preset(name: "b", note: "kept", kept: 1))
        // The default policy keeps the declared value.
        #expect(try LoosePreset(dictionary: ["name": "a"]) == LoosePreset(name: "a", note: "preset"))
    }
}

private struct WithLet: Mappable {
    var name = ""
    let id = 0
}

private struct IgnoringLet: Mappable, Equatable {
    var name = ""
    let id = 0
    static let mappingConfiguration = MappingConfiguration(for: IgnoringLet.self) { $0.ignore(\.id) }
}

private class OpenWithLet: Mappable {
    var name = ""
    let id = UUID()
    let created = 7
    required init() {}
    class var mappingConfiguration: MappingConfiguration {
        MappingConfiguration(for: OpenWithLet.self) { map in
            map.ignore(\.id)
            map.ignore(\.created)
        }
    }
}

private final class DerivedWithLet: OpenWithLet {
    var extra = 0
}

/// A framework superclass that does not adopt `Mappable`, with fields no one can name.
private final class Job: Operation, Mappable, @unchecked Sendable {
    var title = ""
    var attempts = 0
    override required init() {}
}

/// A plain superclass: its properties are not the model's, as Codable's synthesized conformance
/// of a subclass leaves its superclass's out.
private class PlainBase {
    var internalCount = 3
    var helper: () -> Void = {}
}

private final class OnPlainBase: PlainBase, Mappable {
    var name = ""
    required override init() {}
}

extension SeamTests {
    @Test("item 9: a let is never silently passed over: refused until ignored, with the fix named")
    func letProperties() throws {
        let message = """
            configuration of WithLet: \\WithLet.id is a `let`, which MappingKit never sets (Swift may assume it keeps its initial \
            value): declare it `var` to map it, or `map.ignore(\\.id)` to leave it as `init()` makes it
            """
        #expect(mappingError { _ = try WithLet(dictionary: ["id": 42]) }?.description == message)
        #expect(mappingError { _ = try WithLet(json: #"{"id": 42}"#) }?.description == message)
        #expect(mappingError { _ = try Mapper(missingKeys: .raise).map(["name": "a"], to: WithLet.self) }?.description == message)
        #expect(mappingError { _ = try WithLet().dictionaryRepresentation() }?.description == message)
        #expect(try IgnoringLet(dictionary: ["name": "a", "id": 42]) == IgnoringLet(name: "a"))
        #expect(Plain(try IgnoringLet(name: "a").dictionaryRepresentation()) == .object(["name": .string("a")]))
        let derived = try DerivedWithLet(dictionary: ["name": "b", "extra": 2, "created": 9])
        #expect((derived.name, derived.extra, derived.created) == ("b", 2, 7))
        #expect(Plain(try derived.dictionaryRepresentation()) == .object(["name": .string("b"), "extra": .int(2)]))
    }

    @Test("item 13: a superclass that does not adopt Mappable keeps its stored properties out of the mapping")
    func frameworkSuperclass() throws {
        let job = try Job(dictionary: ["title": "sync", "attempts": 2])
        #expect((job.title, job.attempts) == ("sync", 2))
        #expect(Plain(try job.dictionaryRepresentation()) == .object(["title": .string("sync"), "attempts": .int(2)]))
        #expect(try Job(json: #"{"title": "a"}"#).title == "a")
        let plain = try OnPlainBase(dictionary: ["name": "n", "internalCount": 9])
        #expect((plain.name, plain.internalCount) == ("n", 3))
        #expect(Plain(try plain.dictionaryRepresentation()) == .object(["name": .string("n")]))
    }
}

private struct EmptyModel: Mappable, Equatable {}

private struct HoldsEmpty: Mappable, Equatable {
    var a = 0
    var data = EmptyModel()
    var b = ""
    static let mappingConfiguration = MappingConfiguration(for: HoldsEmpty.self) { $0.flatten(\.data) }
}

private struct EmptyFirst: Mappable, Equatable {
    var data = EmptyModel()
    var a = 0
    var more = EmptyModel()
    var b = ""
    static let mappingConfiguration = MappingConfiguration(for: EmptyFirst.self) { map in
        map.flatten(\.data)
        map.map(\.a, to: "x")
    }
}

extension SeamTests {
    @Test("item 10: a flattened model with no properties leaves its parent whole, and no internal key is ever written")
    func flattenEmpty() throws {
        let json = #"{"a": 5, "b": "x"}"#
        #expect(try HoldsEmpty(json: json) == HoldsEmpty(a: 5, b: "x"))
        #expect(try HoldsEmpty(dictionary: jsonDictionary(json)) == HoldsEmpty(a: 5, b: "x"))
        #expect(Plain(try HoldsEmpty(a: 5, b: "x").dictionaryRepresentation()) == .object(["a": .int(5), "b": .string("x")]))
        #expect(try String(decoding: HoldsEmpty(a: 5, b: "x").jsonData(options: .sortedKeys), as: UTF8.self) == #"{"a":5,"b":"x"}"#)
        #expect(try EmptyFirst(json: #"{"x": 5, "b": "y", "more": {}}"#) == EmptyFirst(a: 5, b: "y"))
        #expect(try String(decoding: EmptyFirst(a: 5, b: "y").jsonData(options: .sortedKeys), as: UTF8.self) == #"{"b":"y","more":{},"x":5}"#)
    }
}

private struct Location: Codable, Equatable {
    var lat = 0.0
    var lon = 0.0
}

private struct Place: Mappable, Equatable {
    var location = Location()
    var path: [Location] = []
}

extension SeamTests {
    @Test("item 11: a Codable leaf MappingKit writes reads back equal, through JSON and dictionaries", arguments: [
        1.2345678901234567e40, 1e300, -2.5e-300, 9007199254740994, 1.8446744073709552e19, 0.1, 1,
    ])
    func codableLeafRoundTrip(lat: Double) throws {
        let place = Place(location: Location(lat: lat, lon: 1), path: [Location(lat: lat, lon: -lat)])
        let data = try place.jsonData()
        #expect(try Place(json: data) == place, "\(String(decoding: data, as: UTF8.self))")
        #expect(try Place(dictionary: place.dictionaryRepresentation()) == place)
        #expect(try Place(dictionary: jsonDictionary(String(decoding: data, as: UTF8.self))) == place)
    }
}

/// A base class meant to be subclassed, as `MappableCodable`'s documentation shows it.
private class Vehicle: MappableCodable {
    var wheels = 0
    required init() {}
    required convenience init(from decoder: any Decoder) throws {
        self.init()
        try update(from: decoder)
    }
}

private final class Sedan: Vehicle {
    var brand = ""
}

extension SeamTests {
    @Test("item 15: MappableCodable's base-class example compiles, and a subclass decodes its own properties too")
    func codableBaseClass() throws {
        let vehicle = try JSONDecoder().decode(Vehicle.self, from: Data(#"{"wheels": 2}"#.utf8))
        #expect(vehicle.wheels == 2)
        let car = try JSONDecoder().decode(Sedan.self, from: Data(#"{"wheels": 4, "brand": "Saab"}"#.utf8))
        #expect((car.wheels, car.brand) == (4, "Saab"))
        let written = try JSONEncoder().encode(car)
        #expect(try Plain(jsonObject(String(decoding: written, as: UTF8.self))) == .object(["wheels": .int(4), "brand": .string("Saab")]))
    }
}

// serde's internally tagged and adjacently tagged test enums.
private struct NewtypeMap: Codable, Equatable {
    var a = 0
}

private enum InnerEnum: TaggedEnum, Equatable {
    case unit
    case other(x: Int)
}

private enum SerdeInternal: TaggedEnum, Equatable {
    case newtypeMap(NewtypeMap)
    case newtypeEnum(InnerEnum)
    case unit
    enum CodingKeys: String, CodingKey { case newtypeMap = "NewtypeMap", newtypeEnum = "NewtypeEnum", unit = "Unit" }
    static var tagging: EnumTagging { .internallyTagged(tag: "tag") }
}

private enum SerdeAdjacent: TaggedEnum, Equatable {
    case newtype(Int?)
    case unit
    enum CodingKeys: String, CodingKey { case newtype = "Newtype", unit = "Unit" }
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }
}

private struct SerdeHolder: MappableCodable, Equatable {
    var value = SerdeInternal.unit
    var adjacent = SerdeAdjacent.unit
}

extension SeamTests {
    @Test("item 16: every tagged value that reads also writes, on every route", arguments: [
        (SerdeHolder(value: .newtypeMap(NewtypeMap(a: 1))), #"{"value": {"tag": "NewtypeMap", "a": 1}, "adjacent": {"t": "Unit"}}"#),
        (SerdeHolder(value: .newtypeEnum(.unit)), #"{"value": {"tag": "NewtypeEnum", "unit": null}, "adjacent": {"t": "Unit"}}"#),
        (SerdeHolder(value: .newtypeEnum(.other(x: 2))), #"{"value": {"tag": "NewtypeEnum", "other": {"x": 2}}, "adjacent": {"t": "Unit"}}"#),
        (SerdeHolder(adjacent: .newtype(nil)), #"{"value": {"tag": "Unit"}, "adjacent": {"t": "Newtype", "c": null}}"#),
        (SerdeHolder(adjacent: .newtype(3)), #"{"value": {"tag": "Unit"}, "adjacent": {"t": "Newtype", "c": 3}}"#),
    ])
    fileprivate func taggedWritesEverywhere(model: SerdeHolder, json: String) throws {
        let expected = try Plain(jsonObject(json))
        #expect(try SerdeHolder(json: json) == model)
        #expect(try JSONDecoder().decode(SerdeHolder.self, from: Data(json.utf8)) == model)
        #expect(try Plain(jsonObject(String(decoding: model.jsonData(), as: UTF8.self))) == expected)
        #expect(try Plain(model.dictionaryRepresentation()) == expected)
        #expect(try Plain(jsonObject(String(decoding: JSONEncoder().encode(model), as: UTF8.self))) == expected)
        #expect(try PropertyListDecoder().decode(SerdeHolder.self, from: PropertyListEncoder().encode(model)) == model)
    }

    @Test("item 16: an adjacently tagged optional payload may be absent, as serde reads Newtype(None)")
    func absentOptionalPayload() throws {
        #expect(try SerdeHolder(json: #"{"adjacent": {"t": "Newtype"}}"#).adjacent == .newtype(nil))
        #expect(try JSONDecoder().decode(SerdeHolder.self, from: Data(#"{"adjacent": {"t": "Newtype"}}"#.utf8)).adjacent == .newtype(nil))
    }
}

private enum Deny: TaggedEnum, Equatable {
    case two(x: Int)
    case unit
}

private enum DenyInternal: TaggedEnum, Equatable {
    case two(x: Int)
    case unit
    static var tagging: EnumTagging { .internallyTagged(tag: "t") }
}

private enum DenyAdjacent: TaggedEnum, Equatable {
    case two(x: Int)
    case unit
    static var tagging: EnumTagging { .adjacentlyTagged(tag: "t", content: "c") }
}

private struct Denying: Mappable, Equatable {
    var external = Deny.unit
    var inside = DenyInternal.unit
    var beside = DenyAdjacent.unit
    var list: [DenyInternal] = []
    static let mappingConfiguration = MappingConfiguration(for: Denying.self) { $0.undefinedKeys = .raise }
}

private struct Allowing: Mappable, Equatable {
    var external = Deny.unit
    var inside = DenyInternal.unit
    var beside = DenyAdjacent.unit
    var list: [DenyInternal] = []
}

extension SeamTests {
    @Test("item 17: undefinedKeys .raise reaches the objects a tagged enum reads itself, per type and per call")
    func raiseInTaggedObjects() throws {
        let json = """
            {"external": {"two": {"x": 1, "zz": 2}}, "inside": {"t": "two", "x": 1, "zz": 2},
             "beside": {"t": "unit", "c": null, "h": null}, "list": [{"t": "unit", "zz": 2}]}
            """
        let expected = """
            4 problems:
              external.two.zz: expected a key Deny.two maps, found Int 2
              inside.zz: expected a key DenyInternal.two maps, found Int 2
              beside.h: expected a key DenyAdjacent.unit maps, found null
              list[0].zz: expected a key DenyInternal.unit maps, found Int 2
            """
        #expect(mappingError { _ = try Denying(json: json) }?.description == expected)
        #expect(mappingError { _ = try Denying(dictionary: jsonDictionary(json)) }?.description == expected)
        #expect(mappingError { _ = try Allowing(dictionary: jsonDictionary(json), undefinedKeys: .raise) }?.description == expected)
        #expect(mappingError { _ = try Mapper(undefinedKeys: .raise).map(json: Data(json.utf8), to: Allowing.self) }?.description == expected)
        // The default drops them, as before.
        #expect(try Allowing(json: json) == Allowing(external: .two(x: 1), inside: .two(x: 1), beside: .unit, list: [.unit]))
        // Adjacently tagged content objects too.
        #expect(mappingError { _ = try Denying(json: #"{"beside": {"t": "two", "c": {"x": 1, "y": 2}}}"#) }?.description
            == "beside.c.y: expected a key DenyAdjacent.two maps, found Int 2")
    }
}

private struct Actor: MappableCodable, Equatable {
    var login = ""
}

private struct FlatEvent: MappableCodable, Equatable {
    var id = ""
    var actor = Actor()
    var payload = GitHubPayload.watch(action: "")
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: FlatEvent.self) { map in
        map.flatten(\.payload)
        map.undefinedKeys = .stash
    }
}

private struct Paging: MappableCodable, Equatable {
    var next = ""
    var total = 0
}

private struct FlatStripe: MappableCodable, Equatable {
    var livemode = false
    var object = StripeObject.invoice(Invoice())
    var paging: Paging?
    var extra: InternalPayload?
    static let mappingConfiguration = MappingConfiguration(for: FlatStripe.self) { map in
        map.flatten(\.object)
        map.flatten(\.paging)
        map.flatten(\.extra)
    }
}

private struct FlatExternal: Mappable, Equatable {
    var id = 0
    var shape = Deny.unit
    static let mappingConfiguration = MappingConfiguration(for: FlatExternal.self) { $0.flatten(\.shape) }
}

extension SeamTests {
    @Test("item 12: a tagged enum flattened into its parent reads, writes back and updates, beside a stash, on every route")
    func flattenTaggedEnum() throws {
        let json = #"{"id": "1", "actor": {"login": "octo"}, "type": "PushEvent", "payload": {"ref": "main", "size": 1, "head": "abc"}, "public": true}"#
        let event = try FlatEvent(json: json)
        #expect(event.payload == .push(ref: "main", size: 1, head: "abc"))
        #expect((event.id, event.actor.login) == ("1", "octo"))
        #expect(event.unmapped == ["public": true])
        #expect(try FlatEvent(dictionary: jsonDictionary(json)) == event)
        #expect(try JSONDecoder().decode(FlatEvent.self, from: Data(json.utf8)) == event)
        let expected = try Plain(jsonObject(json))
        #expect(try Plain(jsonObject(String(decoding: event.jsonData(), as: UTF8.self))) == expected)
        #expect(try Plain(event.dictionaryRepresentation()) == expected)
        #expect(try Plain(jsonObject(String(decoding: JSONEncoder().encode(event), as: UTF8.self))) == expected)
        // PATCH: the same case merges into its payload.
        var updated = event
        try updated.update(fromJSON: Data(#"{"type": "PushEvent", "payload": {"size": 3}}"#.utf8))
        #expect(updated.payload == .push(ref: "main", size: 3, head: "abc"))
        try updated.update(from: ["id": "2"])
        #expect(updated.payload == .push(ref: "main", size: 3, head: "abc") && updated.id == "2")
    }

    @Test("item 12: internally tagged model payloads, optional models and optional enums flatten")
    func flattenOptionals() throws {
        let json = #"{"livemode": true, "object": "charge", "id": "ch_1", "next": "n", "total": 3}"#
        let stripe = try FlatStripe(json: json)
        #expect(stripe == FlatStripe(livemode: true, object: .charge(Charge(object: "charge", id: "ch_1")), paging: Paging(next: "n", total: 3), extra: nil))
        #expect(try FlatStripe(dictionary: jsonDictionary(json)) == stripe)
        #expect(try JSONDecoder().decode(FlatStripe.self, from: Data(json.utf8)) == stripe)
        #expect(try Plain(stripe.dictionaryRepresentation()) == Plain(jsonObject(json)))
        let bare = try FlatStripe(json: #"{"object": "invoice", "id": "in_1"}"#)
        #expect(bare == FlatStripe(object: .invoice(Invoice(id: "in_1"))))
        #expect(try Plain(bare.dictionaryRepresentation()) == .object(["livemode": .bool(false), "object": .string("invoice"), "id": .string("in_1")]))
        // An externally tagged enum flattened: its case's tag is the parent's key.
        #expect(try FlatExternal(json: #"{"id": 1, "two": {"x": 5}}"#) == FlatExternal(id: 1, shape: .two(x: 5)))
        #expect(try Plain(FlatExternal(id: 1, shape: .two(x: 5)).dictionaryRepresentation())
            == .object(["id": .int(1), "two": .object(["x": .int(5)])]))
        #expect(try Plain(FlatExternal(id: 1).dictionaryRepresentation()) == .object(["id": .int(1), "unit": .null]))
        #expect(try FlatExternal(dictionary: FlatExternal(id: 1).dictionaryRepresentation()) == FlatExternal(id: 1))
    }
}

extension SeamTests {
    @Test("item 12: a flattened enum's and optional's keys are in the parent's schema, and documents MappingKit writes pass it")
    func flattenedSchema() throws {
        let schema = try FlatStripe.jsonSchema()
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["livemode", "object", "id", "next", "total", "type", "ref", "size", "note", "action"])
        let validator = SchemaValidator(root: schema)
        for model in [
            FlatStripe(livemode: true, object: .charge(Charge(object: "charge", id: "ch_1")), paging: Paging(next: "n", total: 3)),
            FlatStripe(object: .invoice(Invoice(id: "in_1")), extra: .push(ref: "r", size: 1, note: "x")),
        ] {
            let written = try JSONValue.parse(model.jsonData())
            #expect(validator.violation(of: written) == nil, "\(written)")
        }
        #expect(validator.violation(of: try JSONValue.parse(#"{"object": "refund", "id": "r"}"#)) != nil)
        #expect(validator.violation(of: try JSONValue.parse(#"{"object": "invoice", "id": "i", "total": "x"}"#)) != nil)
    }
}
