import Foundation

/// Two different values of one type, for finding which stored field a class's key path writes:
/// a key path through accessors (a non-final property) gives no offset, so the locator writes
/// both values through it and looks for the one field that took each.
struct ProbeValues<Value> {
    let first: Value
    let second: Value
    let isSame: (Value, Value) -> Bool

    /// Values for `Value`, or `nil` when MappingKit cannot make two different ones.
    static func make() -> ProbeValues<Value>? {
        if let probing = Value.self as? any Probing.Type {
            func open<Probed: Probing>(_: Probed.Type) -> Any? {
                ProbeValues<Probed>(first: Probed.probeValues.0, second: Probed.probeValues.1, isSame: ==)
            }
            return open(probing) as? ProbeValues<Value>
        }
        if let model = Value.self as? any (Mappable & AnyObject).Type {
            func open<Model: Mappable & AnyObject>(_: Model.Type) -> Any? {
                ProbeValues<Model>(first: Model(), second: Model(), isSame: ===)
            }
            return open(model) as? ProbeValues<Value>
        }
        if let wrapper = Value.self as? any ProbingContainer.Type {
            return wrapper.containerProbes() as? ProbeValues<Value>
        }
        if let enumeration = Value.self as? any (CaseIterable & Equatable).Type {
            // An enum's own cases: the first two that differ.
            func open<Cases: CaseIterable & Equatable>(_: Cases.Type) -> Any? {
                guard let first = Cases.allCases.first, let second = Cases.allCases.first(where: { $0 != first }) else { return nil }
                return ProbeValues<Cases>(first: first, second: second, isSame: ==)
            }
            return open(enumeration) as? ProbeValues<Value>
        }
        if let represented = Value.self as? any (RawRepresentable & Equatable).Type {
            // An enum with integer raw values: the first two small integers that name cases.
            func open<Represented: RawRepresentable & Equatable>(_: Represented.Type) -> Any? {
                guard let integer = Represented.RawValue.self as? any FixedWidthInteger.Type else { return nil }
                var found: [Represented] = []
                for candidate in -64...1_024 where found.count < 2 {
                    guard let raw = integer.init(exactly: candidate) as? Represented.RawValue,
                          let value = Represented(rawValue: raw), !found.contains(value) else { continue }
                    found.append(value)
                }
                guard found.count == 2 else { return nil }
                return ProbeValues<Represented>(first: found[0], second: found[1], isSame: ==)
            }
            return open(represented) as? ProbeValues<Value>
        }
        if Value.self == Any.self {
            // Two objects of MappingKit's own, told apart by identity.
            return ProbeValues<Any>(first: ProbeMarker(), second: ProbeMarker()) { left, right in
                guard let left = left as? ProbeMarker, let right = right as? ProbeMarker else { return false }
                return left === right
            } as? ProbeValues<Value>
        }
        return nil
    }
}

/// A value no input holds, for probing `Any` properties.
private final class ProbeMarker {}

/// Equatable types with two fixed, different values.
protocol Probing: Equatable {
    static var probeValues: (Self, Self) { get }
}

// Values no common transformation keeps: odd, of both signs, neither 0 nor 1 (doubling,
// halving, negating, absolute values and rounding change them); text in mixed case with
// surrounding spaces (case changes and trimming change it).
extension Int: Probing { static var probeValues: (Int, Int) { (24_301, -24_303) } }
extension Int8: Probing { static var probeValues: (Int8, Int8) { (91, -93) } }
extension Int16: Probing { static var probeValues: (Int16, Int16) { (24_301, -24_303) } }
extension Int32: Probing { static var probeValues: (Int32, Int32) { (24_301, -24_303) } }
extension Int64: Probing { static var probeValues: (Int64, Int64) { (24_301, -24_303) } }
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int128: Probing { static var probeValues: (Int128, Int128) { (24_301, -24_303) } }
extension UInt: Probing { static var probeValues: (UInt, UInt) { (24_301, 24_303) } }
extension UInt8: Probing { static var probeValues: (UInt8, UInt8) { (91, 93) } }
extension UInt16: Probing { static var probeValues: (UInt16, UInt16) { (24_301, 24_303) } }
extension UInt32: Probing { static var probeValues: (UInt32, UInt32) { (24_301, 24_303) } }
extension UInt64: Probing { static var probeValues: (UInt64, UInt64) { (24_301, 24_303) } }
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension UInt128: Probing { static var probeValues: (UInt128, UInt128) { (24_301, 24_303) } }
extension Double: Probing { static var probeValues: (Double, Double) { (24_301.25, -24_303.75) } }
extension Float: Probing { static var probeValues: (Float, Float) { (24_301.25, -24_303.75) } }
extension Bool: Probing { static var probeValues: (Bool, Bool) { (true, false) } }
extension String: Probing { static var probeValues: (String, String) { (" \u{1}Probe One ", " \u{1}pROBE tWO ") } }
extension Decimal: Probing { static var probeValues: (Decimal, Decimal) { (24_301, -24_303) } }
extension Date: Probing {
    static var probeValues: (Date, Date) { (Date(timeIntervalSince1970: 24_301), Date(timeIntervalSince1970: -24_302)) }
}
extension Data: Probing { static var probeValues: (Data, Data) { (Data([1]), Data([2])) } }
extension URL: Probing {
    static var probeValues: (URL, URL) { (URL(fileURLWithPath: "/probe-1"), URL(fileURLWithPath: "/probe-2")) }
}
extension UUID: Probing {
    static var probeValues: (UUID, UUID) {
        (UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), UUID(uuid: (2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }
}

/// Optionals and collections probe with their element's values.
protocol ProbingContainer {
    static func containerProbes() -> Any?
}

extension Optional: ProbingContainer {
    static func containerProbes() -> Any? {
        guard let element = ProbeValues<Wrapped>.make() else { return nil }
        return ProbeValues<Wrapped?>(first: element.first, second: element.second) { left, right in
            guard let left, let right else { return false }
            return element.isSame(left, right)
        }
    }
}

extension Array: ProbingContainer {
    static func containerProbes() -> Any? {
        guard let element = ProbeValues<Element>.make() else { return nil }
        return ProbeValues<[Element]>(first: [element.first], second: [element.second]) { left, right in
            left.count == 1 && right.count == 1 && element.isSame(left[0], right[0])
        }
    }
}

extension Dictionary: ProbingContainer where Key == String {
    static func containerProbes() -> Any? {
        guard let element = ProbeValues<Value>.make() else { return nil }
        return ProbeValues<[String: Value]>(first: ["\u{1}probe": element.first], second: ["\u{1}probe": element.second]) {
            left, right in
            guard left.count == 1, right.count == 1, let left = left["\u{1}probe"], let right = right["\u{1}probe"] else {
                return false
            }
            return element.isSame(left, right)
        }
    }
}
