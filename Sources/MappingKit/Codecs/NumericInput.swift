import Foundation

/// A number (or boolean) found in the input, whatever container it came in: a Swift scalar, an
/// `NSNumber` from JSONSerialization, the boolean `NSNumber`, or an `NSDecimalNumber`/`Decimal`.
///
/// Integers are 64-bit words; only a value outside both 64-bit ranges (an `Int128` or `UInt128`
/// input, on the releases that have those types) is a ``WideInteger``.
enum NumericInput {
    case bool(Bool)
    case signed(Int64)
    case unsigned(UInt64)
    /// An integer below `Int64.min` or above `UInt64.max`.
    case wide(WideInteger)
    /// An integer past every native type, kept as its digits (what JSON gives for one that
    /// `Decimal`, `Int128` and `Double` cannot hold exactly).
    case exact(ExactNumber)
    case floating(Double)
    case decimal(Decimal)

    /// The class of `NSNumber(value: true)`: JSONSerialization's booleans are its instances, which
    /// keeps `true` apart from `1` even though both are `NSNumber`s.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Reads `value` as a number, or `nil` when it is not one (strings are not read here).
    static func read(_ value: Any) -> NumericInput? {
        if let number = ExistentialPayload.number(in: value) {
            return read(number)
        }
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return read(number)
        }
        // The Swift scalars an untyped tree holds most, by the type its container stores: a
        // cast that fails costs a conformance lookup, and the ladder below tries a dozen.
        if let value = ExistentialPayload.value(Int.self, in: value) { return .signed(Int64(value)) }
        if let value = ExistentialPayload.value(Double.self, in: value) { return .floating(value) }
        if let value = ExistentialPayload.value(Bool.self, in: value) { return .bool(value) }
        if ExistentialPayload.value(String.self, in: value) != nil
            || ExistentialPayload.value([String: Any].self, in: value) != nil
            || ExistentialPayload.value([Any].self, in: value) != nil
            || FoundationContainers.isContainer(value) {
            return nil
        }
        if let number = exactScalar(value) { return number }
        // What is left: a value that casts to a number without being one (`AnyHashable(5)`).
        switch value {
        case let value as Bool: return .bool(value)
        case let value as Int: return .signed(Int64(value))
        case let value as Double: return .floating(value)
        case let value as Int64: return .signed(value)
        case let value as Int32: return .signed(Int64(value))
        case let value as Int16: return .signed(Int64(value))
        case let value as Int8: return .signed(Int64(value))
        case let value as UInt: return .unsigned(UInt64(value))
        case let value as UInt64: return .unsigned(value)
        case let value as UInt32: return .unsigned(UInt64(value))
        case let value as UInt16: return .unsigned(UInt64(value))
        case let value as UInt8: return .unsigned(UInt64(value))
        case let value as Float: return .floating(Double(value))
        case let value as CGFloat: return .floating(Double(value))
        case let value as Decimal: return .decimal(value)
        case let value as ExactNumber: return .exact(value)
        default: return OlderReleases.wideInteger(in: value).map(integer)
        }
    }

    /// `value` when its dynamic type is exactly one of the scalar types, cast only then (a cast
    /// between two different types is what costs).
    private static func exactScalar(_ value: Any) -> NumericInput? {
        let held = ObjectIdentifier(type(of: value))
        if held == ObjectIdentifier(Decimal.self), let value = value as? Decimal { return .decimal(value) }
        if held == ObjectIdentifier(UInt64.self), let value = value as? UInt64 { return .unsigned(value) }
        if held == ObjectIdentifier(Int64.self), let value = value as? Int64 { return .signed(value) }
        if held == ObjectIdentifier(Int32.self), let value = value as? Int32 { return .signed(Int64(value)) }
        if held == ObjectIdentifier(UInt.self), let value = value as? UInt { return .unsigned(UInt64(value)) }
        if held == ObjectIdentifier(Float.self), let value = value as? Float { return .floating(Double(value)) }
        if held == ObjectIdentifier(ExactNumber.self), let value = value as? ExactNumber { return .exact(value) }
        if held == ObjectIdentifier(Int16.self), let value = value as? Int16 { return .signed(Int64(value)) }
        if held == ObjectIdentifier(Int8.self), let value = value as? Int8 { return .signed(Int64(value)) }
        if held == ObjectIdentifier(UInt32.self), let value = value as? UInt32 { return .unsigned(UInt64(value)) }
        if held == ObjectIdentifier(UInt16.self), let value = value as? UInt16 { return .unsigned(UInt64(value)) }
        if held == ObjectIdentifier(UInt8.self), let value = value as? UInt8 { return .unsigned(UInt64(value)) }
        if held == ObjectIdentifier(CGFloat.self), let value = value as? CGFloat { return .floating(Double(value)) }
        return nil
    }

    /// A whole number as the narrowest case that holds it.
    static func integer(_ value: WideInteger) -> NumericInput {
        if let signed = value.int64 { return .signed(signed) }
        if let unsigned = value.uint64 { return .unsigned(unsigned) }
        return .wide(value)
    }

    /// Whether `number` is one of JSONSerialization's booleans.
    static func isBoolean(_ number: NSNumber) -> Bool {
        ObjectIdentifier(type(of: number)) == booleanClass
    }

    /// The value of an `NSNumber` that stores a signed integer (not a boolean), or `nil` for
    /// any other kind: what every coercion mode reads as that `Int`.
    static func integer(in number: NSNumber) -> Int? {
        guard !isBoolean(number) else { return nil }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "q"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "s"), UInt8(ascii: "c"):
            return Int(exactly: number.int64Value)
        default:
            return nil
        }
    }

    /// Reads an `NSNumber` by its stored kind, so no value is rounded on the way.
    static func read(_ number: NSNumber) -> NumericInput {
        if ObjectIdentifier(type(of: number)) == booleanClass {
            return .bool(number.boolValue)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
            return .floating(number.doubleValue)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return .unsigned(number.uint64Value)
        default:
            return .signed(number.int64Value)
        }
    }
}

/// Helpers for values as they arrive in `[String: Any]`.
///
/// Casting an `Any` that holds a Swift collection to a class (`is NSNull`, `as? NSNumber`) makes
/// the runtime bridge the whole collection to Foundation first: O(size of the subtree) and
/// recursive. Every such test goes through the dynamic type instead, which costs nanoseconds.
extension NumericInput {
    /// `true` when `value` is this number unchanged and of the same kind (a number, not a
    /// boolean): what a report does not call a coercion (`2.0` → `2` is the same number;
    /// `2.5` → `2` under `.lenient`, or `true` → `1`, is not).
    func isSameNumber<Number: BinaryInteger>(as value: Number) -> Bool {
        switch self {
        case .signed(let number): number == value
        case .unsigned(let number): number == value
        case .wide(let number): number.description == "\(value)"
        case .exact(let number): number.text == "\(value)"
        case .floating(let number): Number(exactly: number) == value
        case .decimal(let number): "\(number)" == "\(value)"
        case .bool: false
        }
    }

    func isSameNumber<Number: BinaryFloatingPoint>(as value: Number) -> Bool {
        switch self {
        case .signed(let number): Number(exactly: number) == value
        case .unsigned(let number): Number(exactly: number) == value
        case .wide(let number): number.exactly(Number.self) == value
        // Exactly a `Float` is exactly a `Double` too.
        case .exact(let number):
            if case .exact(let double)? = NumberText.integer(number.text, as: Double.self) { double == Double(value) } else { false }
        case .floating(let number): Number(number) == value && Double(value) == number
        case .decimal: true
        case .bool: false
        }
    }
}

enum InputValue {
    /// `true` when `value` is an `NSNull`.
    static func isNSNull(_ value: Any) -> Bool {
        type(of: value) is NSNull.Type
    }

    /// Unwraps a Swift `Optional` stored in an `Any` (`["a": nickname as Any]`): `.none` becomes
    /// `NSNull()`, `.some(x)` becomes `x`, at any depth. Other values come back as they are.
    static func flattened(_ value: Any) -> Any {
        guard type(of: value) is any OptionalValue.Type, let optional = value as? any OptionalValue else {
            return value
        }
        guard let wrapped = optional.wrappedValue else { return NSNull() }
        return flattened(wrapped)
    }

    /// `value` as an array, from non-generic code (where the cast's metadata is cached once,
    /// not looked up on every call as in generic code). A Foundation array that cannot be
    /// bridged safely is not one.
    static func array(_ value: Any) -> [Any]? {
        if let array = ExistentialPayload.value([Any].self, in: value) { return array }
        // Never an array: not walked (a Foundation dictionary's walk is its whole subtree).
        if type(of: value) is NSDictionary.Type { return nil }
        return isUnsafeToBridge(value) ? nil : value as? [Any]
    }

    /// The elements of a set given as input (a Swift `Set`, an `NSSet` or `NSMutableSet`), in
    /// no particular order; `nil` for anything else. Asked only once a value is not an array.
    static func setElements(_ value: Any) -> [Any]? {
        if type(of: value) is NSSet.Type, let set = value as? NSSet { return set.allObjects }
        if let set = value as? Set<AnyHashable> { return set.map(\.base) }
        return nil
    }

    /// `value` as a dictionary, from non-generic code; the same for Foundation dictionaries.
    static func dictionary(_ value: Any) -> [String: Any]? {
        if let dictionary = ExistentialPayload.value([String: Any].self, in: value) { return dictionary }
        if type(of: value) is NSArray.Type { return nil }
        guard !isUnsafeToBridge(value), let dictionary = value as? [String: Any] else { return nil }
        // An empty dictionary casts to any key type: `[Int8: String]()` is no object (Codable
        // writes it as an array).
        if dictionary.isEmpty, let keyed = type(of: value) as? any KeyedDictionary.Type, !keyed.hasTextKeys { return nil }
        return dictionary
    }

    /// `true` for a Foundation container whose bridging would recurse without end or beyond
    /// what a stack holds (see ``FoundationContainers``). Apple platforms bridge lazily, one
    /// level at a time, so nothing there is unsafe.
    static func isUnsafeToBridge(_ value: Any) -> Bool {
        #if canImport(Darwin)
        return false
        #else
        return FoundationContainers.isContainer(value) && FoundationContainers.shape(of: value as AnyObject) != .tree
        #endif
    }

    /// `true` for `NSNull` and for a Swift `Optional.none` stored in an `Any`.
    static func isNull(_ value: Any) -> Bool {
        isNSNull(value) || isNSNull(flattened(value))
    }
}

/// Lets code that only has an `Any` see inside an `Optional`.
/// A Swift dictionary, asked whether its keys are text.
protocol KeyedDictionary {
    static var hasTextKeys: Bool { get }
}

extension Dictionary: KeyedDictionary {
    static var hasTextKeys: Bool { Key.self == String.self || Key.self == AnyHashable.self }
}

protocol OptionalValue {
    var wrappedValue: Any? { get }
    /// Whether the optional at `pointer` is `nil`, from its type held as a metatype (the
    /// metadata comes with it, never looked up).
    static func isNone(at pointer: UnsafeRawPointer) -> Bool
    /// `nil` of this optional type.
    static var none: Self { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        switch self {
        case .some(let value): value
        case .none: nil
        }
    }

    static func isNone(at pointer: UnsafeRawPointer) -> Bool {
        isNone(pointer.assumingMemoryBound(to: Self.self).pointee)
    }

    private static func isNone(_ value: borrowing Self) -> Bool {
        value == nil
    }
}
