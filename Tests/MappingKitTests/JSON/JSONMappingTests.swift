import Foundation
import MappingKit
import Testing

private struct Address: Mappable, Equatable {
    var city = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Address.self) { $0.undefinedKeys = .stash }
}

private struct Profile: Mappable, Equatable {
    var userId = 0
    var city = ""
    var address = Address()
    var nickname: String?
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Profile.self) { map in
        map.map(\.userId, to: "user_id")
        map.map(\.city, to: "location.city")
        map.undefinedKeys = .stash
    }
}

private struct Numbers: Mappable, Equatable {
    var int64: Int64 = 0
    var uint64: UInt64 = 0
    var int8: Int8 = 0
    var double = 0.0
    var float: Float = 0
    var price = Decimal(0)
}

private struct Note: Mappable, Equatable {
    var text = ""
    var stars: Int?
    var score = 0.0
}

private final class Tally: Mappable {
    var count = 0
    var label = ""
    required init() {}
}

private struct Untyped: Mappable {
    var first: [String: Any] = [:]
    var second: [String: Any] = [:]
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Untyped.self) { $0.undefinedKeys = .stash }
}

/// A reverse override: the JSON is what the override returns.
private struct Versioned: Mappable {
    var name = ""
    func dictionaryRepresentation(configuration: MappingConfiguration) throws -> [String: Any] {
        var dictionary = try defaultDictionaryRepresentation(configuration: configuration)
        dictionary["version"] = 2
        return dictionary
    }
}

/// What an `update(from:configuration:)` override saw: its calls, and every error that went
/// through it (a `let`, so not mapped).
private final class Seen: @unchecked Sendable {
    var calls = 0
    var errors: [String] = []
}

/// An override that records every error passing through it: finding out, on the first JSON
/// read, whether a type overrides the method must not throw anything through it.
private final class Recording: Mappable {
    var name = ""
    let seen = Seen()
    required init() {}
    static var mappingConfiguration: MappingConfiguration { MappingConfiguration(for: Recording.self) { $0.ignore(\.seen) } }

    func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        seen.calls += 1
        do {
            try defaultUpdate(from: dictionary, configuration: configuration)
        } catch {
            seen.errors.append("\(error)")
            throw error
        }
    }
}

/// The same JSON value, whatever the key order and spacing.
private func sameValue(_ left: Data, _ right: Data) throws -> Bool {
    Plain(try JSONValue.parse(left)) == Plain(try JSONValue.parse(right))
}

@Suite("JSON in and out of models")
struct JSONMappingTests {
    @Test("under .stash, Model(json: d).jsonData() is the same JSON value as d, key paths and nested stashes included")
    func stashRoundTrip() throws {
        let json = Data(#"""
            {"user_id": 7, "theme": "dark", "location": {"city": "Oslo", "zip": "0150", "geo": {"lat": 59.9}},
             "address": {"city": "Bergen", "floor": 3}, "flags": [true, false], "nothing": null, "big": 18446744073709551615,
             "ratio": 1.5e-7, "text": "tab\tquote\"é😀"}
            """#.utf8)
        let profile = try Profile(json: json)
        #expect(profile.userId == 7)
        #expect(profile.city == "Oslo")
        #expect(profile.address.unmapped == ["floor": 3])
        #expect(try sameValue(try profile.jsonData(), json))
        #expect(try sameValue(try profile.jsonData(options: [.sortedKeys, .prettyPrinted]), json))
        #expect(try Profile(json: try profile.jsonData()) == profile)
    }

    @Test("compact, sorted and pretty output, byte for byte")
    func output() throws {
        let note = Note(text: "a\"b\\c\n\u{1}é", stars: nil, score: 2)
        #expect(String(decoding: try note.jsonData(), as: UTF8.self) == #"{"text":"a\"b\\c\n\u0001é","score":2.0}"#)
        #expect(String(decoding: try [note, Note(text: "x", stars: 3, score: 0.1)].jsonData(options: .sortedKeys), as: UTF8.self)
            == #"[{"score":2.0,"text":"a\"b\\c\n\u0001é"},{"score":0.1,"stars":3,"text":"x"}]"#)
        #expect(String(decoding: try Note(text: "x", stars: 3, score: -0.0).jsonData(options: [.sortedKeys, .prettyPrinted]), as: UTF8.self) == """
            {
              "score": -0.0,
              "stars": 3,
              "text": "x"
            }
            """)
    }

    @Test("numbers are exact: 64-bit extremes, Float rounded once, Decimal digits as written")
    func numbers() throws {
        let json = #"{"int64": -9223372036854775808, "uint64": 18446744073709551615, "int8": -128, "double": 0.1, "float": 0.00036393293703440577, "price": 3.1415926535897932384626433832795028841}"#
        let numbers = try Numbers(json: json)
        #expect(numbers.int64 == .min)
        #expect(numbers.uint64 == .max)
        #expect(numbers.int8 == -128)
        #expect(numbers.double == 0.1)
        // Through Double it would round twice, to 0.00036393292.
        #expect(numbers.float == Float("0.00036393293703440577"))
        #expect(numbers.float != Float(0.00036393293703440577 as Double))
        #expect(numbers.price == Decimal(string: "3.1415926535897932384626433832795028841"))
        #expect(try Numbers(json: try numbers.jsonData()) == numbers)
    }

    @Test("numbers that do not fit are errors with their path", arguments: [
        (#"{"int8": 128}"#, "int8: expected Int8 in -128...127, found Int 128"),
        (#"{"uint64": -1}"#, "uint64: expected UInt64 in 0...18446744073709551615, found Int -1"),
        (#"{"int64": 9223372036854775808}"#, "int64: expected Int64 in -9223372036854775808...9223372036854775807, found UInt64 9223372036854775808"),
        (#"{"int64": 1.5}"#, "int64: expected Int64, found Double 1.5"),
        (#"{"double": 9007199254740993}"#, "double: expected Double without loss of precision, found Int 9007199254740993"),
        (#"{"double": 123456789012345678901}"#, "double: expected Double without loss of precision, found Decimal 123456789012345678901"),
        (#"{"double": 1e400}"#, "double: expected a number within Double's range, found the number 1e400"),
        (#"{"float": 1e39}"#, "float: expected Float in ±3.4028235e+38, found Double 1e+39"),
        (#"{"price": 1e200}"#, "price: expected Decimal without loss of precision, found Double 1e+200"),
    ])
    func numberErrors(json: String, message: String) {
        #expect(mappingError { _ = try Numbers(json: json) }?.description == message)
    }

    @Test("update(fromJSON:) is atomic: a mapping error or a syntax error anywhere changes nothing")
    func atomicUpdate() throws {
        var note = Note(text: "before", stars: 1, score: 1)
        let failures = [
            #"{"text": "after", "stars": "many"}"#,
            #"{"text": "after", "stars": 2} trailing"#,
            #"{"text": "after", "stars": 2"#,
        ]
        for json in failures {
            #expect(mappingError { try note.update(fromJSON: json) } != nil)
            #expect(note == Note(text: "before", stars: 1, score: 1))
        }
        try note.update(fromJSON: #"{"stars": null, "score": 3}"#)
        #expect(note == Note(text: "before", stars: nil, score: 3))

        let tally = Tally()
        #expect(mappingError { try tally.update(fromJSON: #"{"count": 5, "label": 6, "extra": [1,}"#) } != nil)
        #expect(tally.count == 0)
        try tally.update(fromJSON: #"{"count": 5, "label": "five"}"#)
        #expect((tally.count, tally.label) == (5, "five"))
    }

    @Test("an untyped value that fails halfway leaves nothing behind for the values read after it")
    func untypedRecovery() throws {
        let json = #"{"first": {"a": {"b": 1, "c": 1e400}, "d": 2}, "second": {"x": {"y": [1, 2]}, "z": "w"}, "third": {"k": 3}}"#
        #expect(mappingError { _ = try Untyped(json: json) }?.description
            == "first.a.c: expected a number within Double's range, found the number 1e400")
        let valid = try Untyped(json: json.replacingOccurrences(of: "1e400", with: "1e300"))
        #expect(Plain(valid.first) == .object(["a": .object(["b": .int(1), "c": .double(1e300)]), "d": .int(2)]))
        #expect(Plain(valid.second) == .object(["x": .object(["y": .array([.int(1), .int(2)])]), "z": .string("w")]))
        #expect(Plain(valid.unmapped.dictionary) == .object(["third": .object(["k": .int(3)])]))
    }

    @Test("a repeated key counts once, with its last value, as in a dictionary")
    func repeatedKeys() throws {
        #expect(try Note(json: #"{"text": 1.5, "stars": "x", "stars": 4, "text": "last"}"#) == Note(text: "last", stars: 4))
        #expect(mappingError { _ = try Note(json: #"{"stars": 4, "stars": "x"}"#) }?.description == #"stars: expected Int, found String "x""#)
    }

    @Test("mapping errors keep their paths; every element's problems are reported")
    func errorPaths() {
        let json = #"[{"text": "ok"}, {"stars": "x", "score": true}, 7, {"text": []}]"#
        #expect(mappingError { _ = try Note.array(json: json) }?.description == """
            4 problems:
              [1].stars: expected Int, found String "x"
              [1].score: expected Double, found Bool true
              [2]: expected Note (a dictionary), found Int 7
              [3].text: expected String, found Array of 0 elements
            """)
        #expect(mappingError { _ = try Note.array(json: #"{"text": "x"}"#) }?.description
            == "expected an array of Note, found Dictionary of 1 key")
        #expect(mappingError { _ = try Note(json: "[]") }?.description == "expected Note (a dictionary), found Array of 0 elements")
    }

    @Test("a dictionaryRepresentation(configuration:) override writes the JSON too")
    func reverseOverride() throws {
        for _ in 0..<2 {
            #expect(String(decoding: try Versioned(json: #"{"name": "v"}"#).jsonData(options: .sortedKeys), as: UTF8.self)
                == #"{"name":"v","version":2}"#)
        }
    }

    @Test("an update(from:configuration:) override reads each JSON object once, and no probe passes through it")
    func updateOverride() throws {
        for _ in 0..<2 {
            let model = try Recording(json: #"{"name": "Ann"}"#)
            #expect(model.name == "Ann")
            #expect(model.seen.calls == 1)
            #expect(model.seen.errors == [])
        }
        let error = mappingError { _ = try Recording(json: #"{"name": [1]}"#) }
        #expect(error?.description == "name: expected String, found Array of 1 element")
    }

    @Test("a mapper's registrations apply to JSON in both directions")
    func mapper() throws {
        let legacy = Mapper(undefinedKeys: .raise)
        legacy.register(MappingConfiguration(for: Note.self) { $0.map(\.text, to: "body") }, for: Note.self)
        let note = try legacy.map(json: Data(#"{"body": "hi", "stars": 2}"#.utf8), to: Note.self)
        #expect(note == Note(text: "hi", stars: 2))
        #expect(String(decoding: try legacy.jsonData(of: note, options: .sortedKeys), as: UTF8.self) == #"{"body":"hi","score":0.0,"stars":2}"#)
        #expect(try legacy.array(of: Note.self, json: Data(#"[{"body": "a"}]"#.utf8)) == [Note(text: "a")])
        var updated = note
        try legacy.update(&updated, fromJSON: Data(#"{"stars": 5}"#.utf8))
        #expect(updated == Note(text: "hi", stars: 5))
        #expect(mappingError { _ = try legacy.map(json: Data(#"{"body": "a", "text": "b"}"#.utf8), to: Note.self) }?.description
            == #"text: expected a key Note maps, found String "b""#)
    }

    @Test("values JSON cannot hold are errors on the way out, with their path")
    func unwritable() {
        for _ in 0..<2 {
            #expect(mappingError { _ = try Note(text: "x", score: .nan).jsonData() }?.description
                == "score: expected a finite Double, found Double nan")
        }
        #expect(mappingError { _ = try Note(text: "x", score: .infinity).jsonData() }?.description
            == "score: expected a finite Double, found Double inf")
        #expect(mappingError { _ = try JSONValue.data(["when": Date(timeIntervalSince1970: 0)]) }?.description
            == "when: expected a JSON value (String, a number, Bool, an array, a dictionary or null; a Date is written through an adapter "
                + "such as .iso8601 or .unixSeconds, from this type's configuration or a parent's: map.inheritPolicies(from: Parent.self) gives a type mapped on its own its parent's), found Date")
    }
}
