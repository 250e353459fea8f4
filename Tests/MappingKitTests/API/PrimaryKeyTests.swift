import Foundation
@testable import MappingKit
import Testing

/// `PrimaryKey` holds a single `Int` or `String` as itself (imports hash and compare keys many
/// times per object), and any other value `AnyHashable` finds equal to an `Int` compared as that
/// `Int`. These tests pin that the fast representation never changes what equals what.
@Suite("Primary keys compare and hash as AnyHashable does, whatever their representation")
struct PrimaryKeyTests {
    /// Values chosen to expose a guess: integers of every width and sign, whole and fractional
    /// floating-point numbers, `NSNumber`s, negative zero, strings that look like numbers, and
    /// values of other types.
    static var values: [AnyHashable] {
        [
            7, Int64(7), UInt8(7), Int8(-7), -7, UInt64(7), 7.0, Float(7), 7.5, -0.0, 0, 0.0, Int.max, UInt64(Int.max) + 1, UInt64.max, -1,
            Int.min, Double(Int.max), NSNumber(value: 7), NSNumber(value: 7.5), NSNumber(value: true), true, false, 1, "7", "7.0", "",
            "ada", Substring("ada"), UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), Double.nan, Double.infinity,
        ]
    }

    /// `value` with an `NSNumber` replaced by the Swift value it holds: on Linux, `AnyHashable`
    /// finds `NSNumber(value: 7) == 7` but not `7 == NSNumber(value: 7)`, and hashes them apart,
    /// so keys compare numbers by what they hold.
    static func swiftValue(_ value: AnyHashable) -> AnyHashable {
        guard type(of: value.base) is NSNumber.Type, let number = value.base as? NSNumber else { return value }
        if type(of: number) == type(of: NSNumber(value: true)) { return number.boolValue }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"): return number.doubleValue
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"): return number.uint64Value
        default: return number.int64Value
        }
    }

    @Test("single-value keys: equal exactly when AnyHashable says so (NSNumbers as what they hold), and equal keys hash alike")
    func singleValues() {
        for left in Self.values {
            for right in Self.values {
                let (first, second) = (PrimaryKey(values: [left]), PrimaryKey(values: [right]))
                let expected = Self.swiftValue(left) == Self.swiftValue(right)
                #expect((first == second) == expected, "\(left) (\(type(of: left.base))) vs \(right) (\(type(of: right.base)))")
                if first == second { #expect(first.hashValue == second.hashValue, "\(left) vs \(right)") }
            }
        }
    }

    @Test("composite keys: equal exactly when their values are, pairwise, as AnyHashable says")
    func compositeValues() {
        let pairs = Self.values.prefix(12).flatMap { first in ["eu", 12, Int64(12)].map { [first, $0] as [AnyHashable] } }
        for left in pairs {
            for right in pairs {
                let (first, second) = (PrimaryKey(values: left), PrimaryKey(values: right))
                #expect((first == second) == (left == right), "\(left) vs \(right)")
                if first == second { #expect(first.hashValue == second.hashValue) }
            }
        }
    }

    @Test("a key gives back the values it was made of, with their own types")
    func valuesAsGiven() throws {
        let wide = PrimaryKey(Int64(7))
        #expect(try #require(wide.value).base as? Int64 == 7)
        #expect(wide == PrimaryKey(7))
        #expect(try #require(PrimaryKey(7.0).value).base as? Double == 7.0)
        #expect(try #require(PrimaryKey(7).value).base as? Int == 7)
        #expect(try #require(PrimaryKey("ada").value).base as? String == "ada")
        #expect(PrimaryKey("eu", 12).values == ["eu", 12])
        #expect(PrimaryKey(values: []).values == [])
        #expect(PrimaryKey("eu", 12).value == nil)
        #expect([PrimaryKey(7.0).description, PrimaryKey(Int64(7)).description, PrimaryKey("ada").description, PrimaryKey("eu", 12).description]
            == ["7.0", "7", "\"ada\"", "(\"eu\", 12)"])
    }

    @Test("a store finds a model by a key of another integer type, as AnyHashable would")
    func storeLookUpAcrossIntegerTypes() throws {
        let store = IdentityMap()
        let imported = try Car.array(from: [["id": 3, "model": "T"]], in: store)
        #expect(store.object(Car.self, key: PrimaryKey(Int64(3))) === imported[0])
        #expect(store.object(Car.self, key: PrimaryKey(NSNumber(value: 3))) === imported[0])
        #expect(store.object(Car.self, key: PrimaryKey(3.0)) === imported[0])
        #expect(store.object(Car.self, key: PrimaryKey("3")) == nil)
        #expect(store.object(Car.self, key: PrimaryKey(NSNumber(value: true))) == nil)
    }
}
