@testable import MappingKit
import Foundation
import Testing

/// `NumericInput.read` finds a number by the type an `Any` holds before it tries casts; both ways
/// must read every scalar type the same, and read nothing from strings and containers.
@Suite("Numbers found in untyped values")
struct NumericInputTests {
    /// Every scalar type, held exactly and behind an `AnyHashable` (which only a cast unwraps).
    @Test func everyScalarTypeExactlyAndThroughACast() {
        let values: [(Any, String)] = [
            (true, "bool(true)"), (5, "signed(5)"), (2.5, "floating(2.5)"),
            (Int64(-7), "signed(-7)"), (Int32(-7), "signed(-7)"), (Int16(-7), "signed(-7)"), (Int8(-7), "signed(-7)"),
            (UInt(7), "unsigned(7)"), (UInt64.max, "unsigned(18446744073709551615)"), (UInt32(7), "unsigned(7)"),
            (UInt16(7), "unsigned(7)"), (UInt8(7), "unsigned(7)"), (Float(0.5), "floating(0.5)"),
            (CGFloat(0.25), "floating(0.25)"), (Decimal(string: "1.25") as Any, "decimal(1.25)"),
            (NSNumber(value: UInt64.max), "unsigned(18446744073709551615)"), (NSNumber(value: true), "bool(true)"),
        ]
        for (value, expected) in values {
            #expect(NumericInput.read(value).map { String(describing: $0) } == expected, "\(type(of: value))")
            if let hashable = value as? AnyHashable {
                #expect(NumericInput.read(hashable).map { String(describing: $0) } == expected, "AnyHashable(\(type(of: value)))")
            }
        }
    }

    @Test func stringsAndContainersAreNotNumbers() {
        let values: [Any] = ["5", [String: Any](), [Any](), [5], NSMutableArray(array: [5]), NSMutableDictionary(), NSNull(), Date()]
        for value in values {
            #expect(NumericInput.read(value) == nil, "\(type(of: value))")
        }
    }
}
