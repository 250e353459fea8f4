import Foundation
import MappingKit
import Testing

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct Integers: Mappable, Equatable {
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var int128: Int128 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var uint128: UInt128 = 0
}

@Suite("Integer properties")
struct IntegerCodecTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("every width takes its extremes from native values and writes them back")
    func extremesRoundTrip() throws {
        let maximums: [String: Any] = [
            "int": Int.max, "int8": Int8.max, "int16": Int16.max, "int32": Int32.max, "int64": Int64.max,
            "int128": Int128.max, "uint": UInt.max, "uint8": UInt8.max, "uint16": UInt16.max,
            "uint32": UInt32.max, "uint64": UInt64.max, "uint128": UInt128.max,
        ]
        let model = try mapped(Integers.self, maximums)
        #expect(model == Integers(
            int: .max, int8: .max, int16: .max, int32: .max, int64: .max, int128: .max,
            uint: .max, uint8: .max, uint16: .max, uint32: .max, uint64: .max, uint128: .max
        ))
        #expect(try plainRepresentation(of: model) == .object([
            "int": .int(Int.max), "int8": .int(127), "int16": .int(32767), "int32": .int(2_147_483_647),
            "int64": .int(Int.max), "int128": .string("170141183460469231731687303715884105727"),
            "uint": .uint64(UInt64.max), "uint8": .int(255), "uint16": .int(65535), "uint32": .int(4_294_967_295),
            "uint64": .uint64(UInt64.max), "uint128": .string("340282366920938463463374607431768211455"),
        ]))
        #expect(try mapped(Integers.self, model.dictionaryRepresentation()) == model)

        let minimums = try mapped(Integers.self, [
            "int": Int.min, "int8": Int8.min, "int16": Int16.min, "int32": Int32.min, "int64": Int64.min,
            "int128": Int128.min,
        ])
        #expect(minimums == Integers(int: .min, int8: .min, int16: .min, int32: .min, int64: .min, int128: .min))
        #expect(try mapped(Integers.self, minimums.dictionaryRepresentation()) == minimums)
    }

    @Test("JSONSerialization numbers, whole doubles and integer strings are accepted", arguments: [
        (#"{"int": 42}"#, 42),
        (#"{"int": -7}"#, -7),
        (#"{"int": 2.0}"#, 2),
        (#"{"int": "42"}"#, 42),
        (#"{"int": "-42"}"#, -42),
        (#"{"int": 1e3}"#, 1000),
        (#"{"int": 9223372036854775807}"#, Int.max),
    ])
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func acceptsFromJSON(json: String, expected: Int) throws {
        #expect(try mapped(Integers.self, jsonDictionary(json)).int == expected)
    }

    @Test("native values of other widths and kinds are accepted when they fit", arguments: [
        (Int8(5) as any Sendable, 5),
        (UInt64(77) as any Sendable, 77),
        (4.0 as any Sendable, 4),
        (Float(8) as any Sendable, 8),
        (Decimal(12) as any Sendable, 12),
    ])
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func acceptsNative(value: any Sendable, expected: Int) throws {
        #expect(try mapped(Integers.self, ["int": value]).int == expected)
    }

    // Apart from the arguments above: an Int128 value exists only from macOS 15 / iOS 18.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("a native Int128 is accepted when it fits")
    func acceptsNativeInt128() throws {
        #expect(try mapped(Integers.self, ["int": Int128(-3)]).int == -3)
    }

    @Test("fractions, booleans, overflow and non-numbers are errors", arguments: [
        (#"{"int": 3.5}"#, "int: expected Int, found Double 3.5"),
        (#"{"int": true}"#, "int: expected Int, found Bool true"),
        (#"{"int": 9.3e18}"#, "int: expected Int in -9223372036854775808...9223372036854775807, found Double 9.3e+18"),
        (#"{"int": 9223372036854775808}"#, "int: expected Int in -9223372036854775808...9223372036854775807, found UInt64 9223372036854775808"),
        (#"{"int": "9223372036854775808"}"#, #"int: expected Int in -9223372036854775808...9223372036854775807, found String "9223372036854775808""#),
        (#"{"int": "abc"}"#, #"int: expected Int, found String "abc""#),
        (#"{"int": "4.0"}"#, #"int: expected Int, found String "4.0""#),
        (#"{"int": null}"#, "int: expected Int, found null"),
        (#"{"int": [1]}"#, "int: expected Int, found Array of 1 element"),
        (#"{"int": {"a": 1, "b": 2}}"#, "int: expected Int, found Dictionary of 2 keys"),
        (#"{"int8": 300}"#, "int8: expected Int8 in -128...127, found Int 300"),
        (#"{"int8": -129}"#, "int8: expected Int8 in -128...127, found Int -129"),
        (#"{"uint8": -1}"#, "uint8: expected UInt8 in 0...255, found Int -1"),
        (#"{"uint": -1}"#, "uint: expected UInt in 0...18446744073709551615, found Int -1"),
        (#"{"int32": 1e10}"#, "int32: expected Int32 in -2147483648...2147483647, found Double 10000000000.0"),
    ])
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func rejects(json: String, message: String) throws {
        let input = try jsonDictionary(json)
        let error = mappingError { _ = try mapped(Integers.self, input) }
        #expect(error?.description == message)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("native booleans and fractions are errors too")
    func rejectsNative() {
        #expect(mappingError { _ = try mapped(Integers.self, ["int": true]) }?.description
            == "int: expected Int, found Bool true")
        #expect(mappingError { _ = try mapped(Integers.self, ["int16": 1.25]) }?.description
            == "int16: expected Int16, found Double 1.25")
        #expect(mappingError { _ = try mapped(Integers.self, ["uint16": Int128(70000)]) }?.description
            == "uint16: expected UInt16 in 0...65535, found Int 70000")
        #expect(mappingError { _ = try mapped(Integers.self, ["int": Decimal(string: "2.5") as Any]) }?.description
            == "int: expected Int, found Decimal 2.5")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("JSONSerialization's largest unsigned value reaches UInt64 exactly")
    func unsignedFromJSON() throws {
        let model = try mapped(Integers.self, jsonDictionary(#"{"uint64": 18446744073709551615, "uint": 18446744073709551615}"#))
        #expect(model.uint64 == .max)
        #expect(model.uint == .max)
    }
}
