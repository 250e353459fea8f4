import Foundation
import MappingKit
import Testing
import TestSupport

// serde's `test_enum_untagged.rs`, its 19 tests translated onto JSON and Swift: serde's tokens
// are JSON's values (`Unit`/`None` ↔ `null`, a struct ↔ an object, a tuple ↔ an array), each
// assertion kept, and where Swift or MappingKit differs, the difference is asserted and named.

/// `complex`: every payload form, and two arrays no case takes.
private enum Untagged: TaggedEnum, Equatable {
    case a(a: UInt8)
    case b(b: UInt8)
    case c
    case d(UInt8)
    case e(String)
    case f(UInt8, UInt8)
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsUntagged: MappableCodable, Equatable {
    var value = Untagged.c
    var values: [Untagged] = []
    var maybe: Untagged?
}

/// `newtype_unit_and_empty_map`: serde's unit struct is `null` in JSON, a case without payload.
private enum Message: TaggedEnum, Equatable {
    case unit
    case map([String: String])
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsMessage: Mappable, Equatable {
    var message = Message.unit
}

/// `newtype_struct`: a newtype is a `RawRepresentable` struct, its raw value alone.
private struct NewtypeStruct: RawRepresentable, Codable, Equatable {
    var rawValue: UInt32
}

private enum Newtype: TaggedEnum, Equatable {
    case newtype(NewtypeStruct)
    case null
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsNewtype: Mappable, Equatable {
    var value = Newtype.null
}

/// `newtype_enum`: an externally tagged enum inside an untagged one. Swift has no case with an
/// empty tuple or an empty struct (`Tuple0()`, `EmptyStruct {}`): a case without payload is
/// their nearest, and Swift's own `{"emptyStruct": {}}` is one of its forms.
private enum Inner: TaggedEnum, Equatable {
    case unit
    case newtype(UInt8)
    case tuple2(UInt8, UInt8)
    case `struct`(f: UInt8)
    case emptyStruct
}

private enum Outer: TaggedEnum, Equatable {
    case inner(Inner)
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsOuter: Mappable, Equatable {
    var outer = Outer.inner(.unit)
}

/// `with_optional_field`.
private enum WithOptional: TaggedEnum, Equatable {
    case `struct`(optional: UInt32?)
    case null
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsWithOptional: Mappable, Equatable {
    var value = WithOptional.null
}

/// `string_and_bytes`: bytes are `[UInt8]`, an array of numbers.
private enum StringOrBytes: TaggedEnum, Equatable {
    case string(string: String)
    case bytes(bytes: [UInt8])
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsStringOrBytes: Mappable, Equatable {
    var value = StringOrBytes.string(string: "")
}

/// `contains_flatten`: Swift's labels cannot be flattened; a model that flattens its own is.
private struct Flat: MappableCodable, Equatable {
    var b = 0
}

private struct CaseA: MappableCodable, Equatable {
    var a = 0
    var flat = Flat()
    static let mappingConfiguration = MappingConfiguration(for: CaseA.self) { map in
        map.flatten(\.flat)
    }
}

private enum HoldsFlatten: TaggedEnum, Equatable {
    case a(CaseA)
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsData: Mappable, Equatable {
    var data = HoldsFlatten.a(CaseA())
}

/// `contains_flatten_with_integer_key`: a dictionary's keys are strings in JSON.
private enum IntegerKeys: TaggedEnum, Equatable {
    case variant([String: String])
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsIntegerKeys: Mappable, Equatable {
    var value = IntegerKeys.variant([:])
}

/// `expecting_message`: one case that takes only `null`.
private enum Only: TaggedEnum, Equatable {
    case untagged
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsOnly: Mappable, Equatable {
    var value = Only.untagged
}

/// Issue 62's examples: an identifier that is a number or a string, a coordinate or a list.
private enum Identifier: TaggedEnum, Equatable {
    case text(String)
    case number(Int)
    static var tagging: EnumTagging { .untagged }
}

private enum Geometry: TaggedEnum, Equatable {
    case point(Double, Double)
    case line([[Double]])
    static var tagging: EnumTagging { .untagged }
}

private enum Count: TaggedEnum, Equatable {
    case number(Int)
    case flag(Bool)
    static var tagging: EnumTagging { .untagged }
}

private enum Number: TaggedEnum, Equatable {
    case int(Int)
    case double(Double)
    static var tagging: EnumTagging { .untagged }
}

private struct Feature: MappableCodable, Equatable {
    var number = Number.int(0)
    var id = Identifier.number(0)
    var geometry = Geometry.point(0, 0)
    var count = Count.number(0)
}

private struct StrictCount: Mappable {
    var count = Count.number(0)
    static let mappingConfiguration = MappingConfiguration(for: StrictCount.self) { $0.coercion = .strict }
}

private struct HoldsIdentifier: Mappable {
    var id = Identifier.number(0)
}

/// Two cases that write the same values: the later cannot be written.
private enum Twice: TaggedEnum, Equatable {
    case first(Int)
    case second(Int)
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsTwice: Mappable, Equatable {
    var value = Twice.first(0)
}

private enum Status: String, UnknownCaseRepresentable, Codable {
    case active, unknown
    static var unknownCase: Status { .unknown }
}

/// A case that reports (an unknown status) and then fails: its report is taken back.
private enum Reported: TaggedEnum, Equatable {
    case account(status: Status, id: Int)
    case other([String: String])
    static var tagging: EnumTagging { .untagged }
}

private struct HoldsReported: Mappable, Equatable {
    var value = Reported.other([:])
}

private enum WithFallback: TaggedEnum {
    case one(Int)
    case other(String)
    static var tagging: EnumTagging { EnumTagging.untagged.unknownTags(as: "other") }
}

private struct HoldsWithFallback: Mappable {
    var value = WithFallback.one(0)
}

@Suite("Untagged enums")
struct UntaggedEnumTests {
    /// `value` read from its JSON text and the value from the model, both ways, every input.
    private func roundTrip<Model: Mappable & Equatable>(_ model: Model, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let read = try mapped(Model.self, jsonDictionary(json), sourceLocation: sourceLocation)
        #expect(read == model, sourceLocation: sourceLocation)
        #expect(try Plain(JSONSerialization.jsonObject(with: model.jsonData())) == Plain(jsonDictionary(json)), sourceLocation: sourceLocation)
        #expect(try Model(json: model.jsonData()) == model, sourceLocation: sourceLocation)
    }

    private func failure<Model: Mappable>(_: Model.Type, _ json: String) throws -> String? {
        let input = try jsonDictionary(json)
        return mappingError { _ = try mapped(Model.self, input) }?.description
    }

    @Test("complex: each payload form read and written as serde does; arrays of 1 and 3 values are no case")
    func complex() throws {
        try roundTrip(HoldsUntagged(value: .a(a: 1)), #"{"value": {"a": 1}, "values": []}"#)
        try roundTrip(HoldsUntagged(value: .b(b: 2)), #"{"value": {"b": 2}, "values": []}"#)
        try roundTrip(HoldsUntagged(value: .c, values: [.c]), #"{"value": null, "values": [null]}"#)
        try roundTrip(HoldsUntagged(value: .d(4)), #"{"value": 4, "values": []}"#)
        try roundTrip(HoldsUntagged(value: .e("e")), #"{"value": "e", "values": []}"#)
        try roundTrip(HoldsUntagged(value: .f(1, 2)), #"{"value": [1, 2], "values": []}"#)
        try roundTrip(
            HoldsUntagged(values: [.a(a: 1), .b(b: 2), .c, .d(4), .e("e"), .f(1, 2)], maybe: .d(5)),
            #"{"value": null, "values": [{"a": 1}, {"b": 2}, null, 4, "e", [1, 2]], "maybe": 5}"#
        )
        let noCase = """
            case a: expected an object (the payload of Untagged.a), found Array of %d elements; \
            case b: expected an object (the payload of Untagged.b), found Array of %d elements; \
            case c: expected null (the payload of Untagged.c), found Array of %d elements; \
            case d: expected UInt8, found Array of %d elements; \
            case e: expected String, found Array of %d elements; \
            case f: expected an array of 2 values (the payload of Untagged.f), found Array of %d elements
            """
        #expect(try failure(HoldsUntagged.self, #"{"value": [1]}"#)
            == "value: expected Untagged, one of its untagged cases (\(String(format: noCase, 1, 1, 1, 1, 1, 1))), found Array of 1 element"
            .replacingOccurrences(of: "Array of 1 elements", with: "Array of 1 element"))
        #expect(try failure(HoldsUntagged.self, #"{"value": [1, 2, 3]}"#)
            == "value: expected Untagged, one of its untagged cases (\(String(format: noCase, 3, 3, 3, 3, 3, 3))), found Array of 3 elements")
    }

    @Test("newtype_unit_and_empty_map: an empty object is the map, not the unit")
    func newtypeUnitAndEmptyMap() throws {
        try roundTrip(HoldsMessage(message: .map([:])), #"{"message": {}}"#)
        try roundTrip(HoldsMessage(message: .unit), #"{"message": null}"#)
    }

    @Test("newtype_struct: a newtype is its value alone, both ways")
    func newtypeStruct() throws {
        try roundTrip(HoldsNewtype(value: .newtype(NewtypeStruct(rawValue: 5))), #"{"value": 5}"#)
        try roundTrip(HoldsNewtype(value: .null), #"{"value": null}"#)
    }

    @Test("newtype_enum: unit, newtype, tuple2, struct_from_map and empty_struct_from_map, both ways")
    func newtypeEnum() throws {
        try roundTrip(HoldsOuter(outer: .inner(.unit)), #"{"outer": "unit"}"#)
        try roundTrip(HoldsOuter(outer: .inner(.newtype(1))), #"{"outer": {"newtype": 1}}"#)
        try roundTrip(HoldsOuter(outer: .inner(.tuple2(1, 1))), #"{"outer": {"tuple2": [1, 1]}}"#)
        try roundTrip(HoldsOuter(outer: .inner(.struct(f: 1))), #"{"outer": {"struct": {"f": 1}}}"#)
        // empty_struct_from_map: Swift's own form of a case without payload.
        #expect(try mapped(HoldsOuter.self, jsonDictionary(#"{"outer": {"emptyStruct": {}}}"#)) == HoldsOuter(outer: .inner(.emptyStruct)))
    }

    @Test("newtype_enum: struct_from_seq, empty_struct_from_seq and tuple0 differ: labels are an object's, nothing is not an array")
    func newtypeEnumDifferences() throws {
        #expect(try failure(HoldsOuter.self, #"{"outer": {"struct": [1]}}"#)
            == "outer: expected Outer, one of its untagged cases (case inner: struct: expected an object (the payload of Inner.struct), found Array of 1 element), found Dictionary of 1 key")
        #expect(try failure(HoldsOuter.self, #"{"outer": {"emptyStruct": []}}"#)
            == "outer: expected Outer, one of its untagged cases (case inner: emptyStruct: expected nothing (the payload of Inner.emptyStruct), found Array of 0 elements), found Dictionary of 1 key")
    }

    @Test("with_optional_field: some, some without marker, none and unit")
    func withOptionalField() throws {
        try roundTrip(HoldsWithOptional(value: .struct(optional: 42)), #"{"value": {"optional": 42}}"#)
        // None: written without the label, as every optional payload value is; null reads as it.
        try roundTrip(HoldsWithOptional(value: .struct(optional: nil)), #"{"value": {}}"#)
        #expect(try mapped(HoldsWithOptional.self, jsonDictionary(#"{"value": {"optional": null}}"#)) == HoldsWithOptional(value: .struct(optional: nil)))
        try roundTrip(HoldsWithOptional(value: .null), #"{"value": null}"#)
    }

    @Test("string_and_bytes: a string and bytes, each by its label; a string is not bytes")
    func stringAndBytes() throws {
        try roundTrip(HoldsStringOrBytes(value: .string(string: "\0")), #"{"value": {"string": "\u0000"}}"#)
        try roundTrip(HoldsStringOrBytes(value: .bytes(bytes: [0])), #"{"value": {"bytes": [0]}}"#)
        #expect(try failure(HoldsStringOrBytes.self, #"{"value": {"bytes": "\u0000"}}"#) == """
            value: expected StringOrBytes, one of its untagged cases (case string: string: required, missing; \
            case bytes: bytes: expected Array, found String "\\0"), found Dictionary of 1 key
            """)
    }

    @Test("contains_flatten: a case's model flattens its own, both ways")
    func containsFlatten() throws {
        try roundTrip(HoldsData(data: .a(CaseA(a: 0, flat: Flat(b: 0)))), #"{"data": {"a": 0, "b": 0}}"#)
    }

    @Test("contains_flatten_with_integer_key: the keys of a dictionary payload, both ways")
    func containsFlattenWithIntegerKey() throws {
        try roundTrip(HoldsIntegerKeys(value: .variant(["100": "BTreeMap"])), #"{"value": {"100": "BTreeMap"}}"#)
    }

    @Test("expecting_message: what no case takes is one error with each case's problem")
    func expectingMessage() throws {
        #expect(try failure(HoldsOnly.self, #"{"value": "Untagged"}"#)
            == #"value: expected Only, one of its untagged cases (case untagged: expected null (the payload of Only.untagged), found String "Untagged"), found String "Untagged""#)
        let error = try #require(mappingError { _ = try HoldsOnly(json: #"{"value": 1}"#) })
        #expect(error.issues.map(\.kind) == [.typeMismatch])
        #expect(error.issues.map(\.pathComponents) == [[.key("value")]])
    }

    @Test("a value is first tried as it is, then under the position's coercion: each reads back as it was written")
    func strictFirst() throws {
        try roundTrip(
            Feature(number: .double(5), id: .number(123), geometry: .point(1.5, 2), count: .flag(true)),
            #"{"number": 5.0, "id": 123, "geometry": [1.5, 2.0], "count": true}"#
        )
        try roundTrip(
            Feature(number: .int(5), id: .text("abc"), geometry: .line([[0, 0], [1, 1]]), count: .number(2)),
            #"{"number": 5, "id": "abc", "geometry": [[0.0, 0.0], [1.0, 1.0]], "count": 2}"#
        )
        try roundTrip(Feature(id: .text("5")), #"{"number": 0, "id": "5", "geometry": [0.0, 0.0], "count": 0}"#)
        // No case takes "7" as it is; under .lossless, Int does.
        #expect(try mapped(Feature.self, jsonDictionary(#"{"count": "7"}"#)) == Feature(count: .number(7)))
        #expect(mappingError { _ = try StrictCount(json: #"{"count": "7"}"#) }?.description == """
            count: expected Count, one of its untagged cases (case number: expected Int, found String "7"; \
            case flag: expected Bool, found String "7"), found String "7"
            """)
    }

    @Test("every input gives the same value: native containers, Foundation objects, JSON bytes and the Codable bridge")
    func everyInput() throws {
        let json = #"{"number": 2.5, "id": "abc", "geometry": [[0, 0], [1, 1.5]], "count": 2}"#
        let expected = Feature(number: .double(2.5), id: .text("abc"), geometry: .line([[0, 0], [1, 1.5]]), count: .number(2))
        #expect(try Feature(json: json) == expected)
        #expect(try Feature(dictionary: jsonDictionary(json)) == expected)
        #expect(try Feature(dictionary: JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary as? [String: Any] ?? [:]) == expected)
        let typed: [String: Any] = ["number": 2.5, "id": "abc", "geometry": [[0.0, 0.0], [1.0, 1.5]] as [[Double]], "count": 2]
        #expect(try Feature(dictionary: typed) == expected)
        #expect(try JSONDecoder().decode(Feature.self, from: Data(json.utf8)) == expected)
        #expect(try JSONDecoder().decode(Feature.self, from: JSONEncoder().encode(expected)) == expected)
        #expect(try Plain(JSONSerialization.jsonObject(with: JSONEncoder().encode(expected))) == Plain(jsonDictionary(json)))
    }

    @Test("a later case whose value an earlier case takes is not written: it would read back as the earlier one")
    func ambiguousWrite() throws {
        try roundTrip(HoldsTwice(value: .first(1)), #"{"value": 1}"#)
        #expect(mappingError { _ = try HoldsTwice(value: .second(1)).jsonData() }?.description
            == "value: expected Twice.second written as a value that reads back as that case (untagged: an earlier case takes what a later one writes), found Int 1, which reads back as case first")
        #expect(mappingError { _ = try HoldsTwice(value: .second(1)).dictionaryRepresentation() }?.description
            == "value: expected Twice.second written as a value that reads back as that case (untagged: an earlier case takes what a later one writes), found Int 1, which reads back as case first")
    }

    @Test("what a case that failed reported is taken back; the case that maps reports its own")
    func reportTakenBack() throws {
        let input = try jsonDictionary(#"{"value": {"status": "closed", "id": "x"}}"#)
        let (read, report) = try MappingReport.collecting { try HoldsReported(dictionary: input) }
        #expect(read == HoldsReported(value: .other(["status": "closed", "id": "x"])))
        #expect(report.entries.isEmpty)
        let (account, accountReport) = try MappingReport.collecting { try HoldsReported(json: #"{"value": {"status": "closed", "id": 1}}"#) }
        #expect(account == HoldsReported(value: .account(status: .unknown, id: 1)))
        #expect(accountReport.description == #"value.status: an unknown raw value, read as the case unknown, found String "closed""#)
    }

    @Test("an update merges into the object the value is written as, then reads it again")
    func update() throws {
        var model = HoldsData(data: .a(CaseA(a: 1, flat: Flat(b: 2))))
        try model.update(fromJSON: #"{"data": {"b": 3}}"#)
        #expect(model == HoldsData(data: .a(CaseA(a: 1, flat: Flat(b: 3)))))
        var feature = Feature(id: .number(1))
        try feature.update(fromJSON: #"{"id": "x"}"#)
        #expect(feature.id == .text("x"))
    }

    @Test("the schema lists each case's payload, and a case without one is null")
    func schema() throws {
        let schema = try Plain(JSONSerialization.jsonObject(with: HoldsUntagged.jsonSchemaData()))
        guard case .object(let root) = schema, case .object(let properties)? = root["properties"] else {
            Issue.record("no properties in \(schema)")
            return
        }
        #expect(properties["value"] == .object(["anyOf": .array([
            .object(["type": .string("object"), "properties": .object(["a": .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(255)])]), "required": .array([.string("a")])]),
            .object(["type": .string("object"), "properties": .object(["b": .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(255)])]), "required": .array([.string("b")])]),
            .object(["type": .string("null")]),
            .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(255)]),
            .object(["type": .string("string")]),
            .object(["type": .string("array"), "prefixItems": .array([
                .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(255)]),
                .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(255)]),
            ]), "minItems": .int(2), "maxItems": .int(2)]),
        ]), "default": .null]))
    }

    @Test("the Guide's and the article's examples")
    func docs() throws {
        let error = try #require(mappingError { _ = try HoldsIdentifier(json: #"{"id": true}"#) })
        #expect(DocPage.guide.shown(startingWith: #""id": true"#) == #""id": true → "# + error.description)
        let shown = [
            #"{"id": 123, "geometry": [1.5, 2]}"#: DocPage.taggedEnums.shown(startingWith: #"{"id": 123, "geometry""#),
            #"{"id": "abc", "geometry": [[0, 0], [1, 1]]}"#: DocPage.taggedEnums.shown(startingWith: #"{"id": "abc", "geometry""#),
        ]
        for (json, claim) in shown {
            let feature = try Feature(json: json)
            #expect(claim == "\(json) → \(printedCase(feature.id)), \(printedCase(feature.geometry))")
        }
    }

    @Test("an untagged enum has no tags for a fallback case to take: a configuration error")
    func configuration() throws {
        #expect(mappingError { _ = try HoldsWithFallback(dictionary: ["value": 1]) }?.description
            == #"value: configuration of WithFallback: an untagged enum has no tags for unknownTags(as: "other") to take: a last case whose payload takes what no other case does is its fallback"#)
        #expect(EnumTagging.untagged.description == "untagged")
    }
}

/// A flattened untagged enum: the parent's own keys are its object cases' labels or model.
private struct Contact: MappableCodable, Equatable {
    var email = ""
}

private enum Reach: TaggedEnum, Equatable {
    case phone(number: String, country: Int)
    case contact(Contact)
    static var tagging: EnumTagging { .untagged }
}

private struct Person: Mappable, Equatable {
    var name = ""
    var reach = Reach.contact(Contact())
    static let mappingConfiguration = MappingConfiguration(for: Person.self) { $0.flatten(\.reach) }
}

@Suite("Untagged enums, flattened")
struct FlattenedUntaggedEnumTests {
    @Test("the parent's keys are read as the first case that maps them, and written back beside the parent's own")
    func flattened() throws {
        let phone = try mapped(Person.self, jsonDictionary(#"{"name": "Ann", "number": "555", "country": 44}"#))
        #expect(phone == Person(name: "Ann", reach: .phone(number: "555", country: 44)))
        #expect(try Plain(phone.dictionaryRepresentation()) == Plain(jsonDictionary(#"{"name": "Ann", "number": "555", "country": 44}"#)))
        let contact = try mapped(Person.self, jsonDictionary(#"{"name": "Bo", "email": "bo@example.com"}"#))
        #expect(contact == Person(name: "Bo", reach: .contact(Contact(email: "bo@example.com"))))
        #expect(try Person(json: contact.jsonData()) == contact)
        // The schema's choice is made on the parent's object: each case's keys.
        let schema = try SchemaValidator.describe(Person.jsonSchema())
        #expect(schema == ##"{"$defs":{"Contact":{"properties":{"email":{"default":"","type":"string"}},"type":"object"}},"$schema":"https://json-schema.org/draft/2020-12/schema","allOf":[{"anyOf":[{"properties":{"country":{"maximum":9223372036854775807,"minimum":-9223372036854775808,"type":"integer"},"number":{"type":"string"}},"required":["number","country"]},{"$ref":"#/$defs/Contact","properties":{"email":{"default":"","type":"string"}},"required":[]}]}],"properties":{"country":{},"email":{},"name":{"default":"","type":"string"},"number":{}},"title":"Person","type":"object"}"##)
    }
}
