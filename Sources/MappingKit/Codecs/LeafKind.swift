import Foundation

/// The commonest property types (`Int`, `String`, `Bool`, `Double` and their optionals) under
/// their built-in codecs, with no defaults or requirements: a plan's loops read and write these
/// themselves, from the property's offset, without a call through the field and its codec. A
/// codec says which it is (``DirectValues/leaf(_:)``), in its own file.
///
/// Only the common case is handled here, the one every coercion mode takes the same way: a
/// value of exactly the property's type, an integer `NSNumber` for `Int`, JSONSerialization's
/// boolean for `Bool`, `NSNull` for an optional. Anything else (a string to convert, a `Double`
/// that is not finite, an `NSDecimalNumber`) returns `false`, and the field's own calls run,
/// with their conversions and error messages.
enum LeafKind: UInt8, Sendable {
    case none, int, string, bool, double, optionalInt, optionalString, optionalBool, optionalDouble

    /// Writes the value at `slot` under `key` (`nil` optionals as `NSNull` when `writesNull`,
    /// else not at all), and says whether it did.
    @inline(__always)
    func encode(at slot: UnsafeRawPointer, key: String, into result: inout [String: Any], writesNull: Bool) -> Bool {
        switch self {
        case .none:
            return false
        case .int:
            result[key] = slot.load(as: Int.self)
        case .string:
            result[key] = slot.assumingMemoryBound(to: String.self).pointee
        case .bool:
            result[key] = slot.load(as: Bool.self)
        case .double:
            let value = slot.load(as: Double.self)
            guard value.isFinite else { return false }
            result[key] = value
        case .optionalInt:
            Self.write(slot.load(as: Int?.self), key: key, into: &result, writesNull: writesNull)
        case .optionalString:
            Self.write(slot.assumingMemoryBound(to: String?.self).pointee, key: key, into: &result, writesNull: writesNull)
        case .optionalBool:
            Self.write(slot.load(as: Bool?.self), key: key, into: &result, writesNull: writesNull)
        case .optionalDouble:
            let value = slot.load(as: Double?.self)
            guard value?.isFinite != false else { return false }
            Self.write(value, key: key, into: &result, writesNull: writesNull)
        }
        return true
    }

    @inline(__always)
    private static func write<Value>(_ value: Value?, key: String, into result: inout [String: Any], writesNull: Bool) {
        if let value {
            result[key] = value
        } else if writesNull {
            result[key] = NSNull()
        }
    }

    /// Reads `input` into the property's value at `slot`, which holds a value to replace, or
    /// nothing when `initializing`; says whether it did.
    // Transparent, not only `@inline(__always)`: the dictionary walk's loop must hold this
    // switch inline, and the optimizer left an always-inline call outlined there once this file
    // moved folders (measured: 5.7 million instructions more on citm_catalog.json's native
    // dictionaries, 3 rounds).
    @_transparent
    func decode(_ input: Any, at slot: UnsafeMutableRawPointer, initializing: Bool) -> Bool {
        CallTrace.note("Codecs/LeafKind.swift decode")
        switch self {
        case .none:
            return false
        case .int:
            guard let value = Self.int(in: input) else { return false }
            slot.storeBytes(of: value, as: Int.self)
        case .string:
            guard let value = ExistentialPayload.value(String.self, in: input) else { return false }
            Self.store(value, at: slot, initializing: initializing)
        case .bool:
            guard let value = Self.bool(in: input) else { return false }
            slot.storeBytes(of: value, as: Bool.self)
        case .double:
            guard let value = ExistentialPayload.value(Double.self, in: input), value.isFinite else { return false }
            slot.storeBytes(of: value, as: Double.self)
        case .optionalInt:
            guard let value = Self.optional(Self.int(in: input), in: input) else { return false }
            slot.storeBytes(of: value, as: Int?.self)
        case .optionalString:
            guard let value = Self.optional(ExistentialPayload.value(String.self, in: input), in: input) else { return false }
            Self.store(value, at: slot, initializing: initializing)
        case .optionalBool:
            guard let value = Self.optional(Self.bool(in: input), in: input) else { return false }
            slot.storeBytes(of: value, as: Bool?.self)
        case .optionalDouble:
            let number = ExistentialPayload.value(Double.self, in: input).flatMap { $0.isFinite ? $0 : nil }
            guard let value = Self.optional(number, in: input) else { return false }
            slot.storeBytes(of: value, as: Double?.self)
        }
        return true
    }

    @inline(__always)
    private static func store<Value>(_ value: Value, at slot: UnsafeMutableRawPointer, initializing: Bool) {
        if initializing {
            slot.initializeMemory(as: Value.self, to: value)
        } else {
            slot.assumingMemoryBound(to: Value.self).pointee = value
        }
    }

    /// An optional property's value: `.some(value)` when `input` was read as one, `.some(nil)`
    /// when it is `NSNull`, else `nil` (the field's own calls must run).
    @inline(__always)
    private static func optional<Value>(_ value: Value?, in input: Any) -> Value?? {
        if let value { return .some(.some(value)) }
        return InputValue.isNSNull(input) ? .some(.none) : .none
    }

    /// `input` as one value of a primary key, for a plain `Int` or `String` property, when it
    /// is what the property's codec reads as is (an `Int` or integer `NSNumber`, a `String`);
    /// `nil` otherwise, and the field's own calls run.
    @inline(__always)
    func keyValue(in input: Any) -> PrimaryKey.Storage? {
        switch self {
        case .int: Self.int(in: input).map(PrimaryKey.Storage.int)
        case .string: ExistentialPayload.value(String.self, in: input).map(PrimaryKey.Storage.string)
        default: nil
        }
    }

    /// An `Int`, or an `NSNumber` that stores an integer `Int` holds (never a boolean).
    @inline(__always)
    private static func int(in input: Any) -> Int? {
        if let value = ExistentialPayload.value(Int.self, in: input) { return value }
        guard let number = ExistentialPayload.number(in: input) else { return nil }
        return NumericInput.integer(in: number)
    }

    /// A `Bool`, or JSONSerialization's boolean `NSNumber`.
    @inline(__always)
    private static func bool(in input: Any) -> Bool? {
        if let value = ExistentialPayload.value(Bool.self, in: input) { return value }
        guard let number = ExistentialPayload.number(in: input), NumericInput.isBoolean(number) else { return nil }
        return number.boolValue
    }
}

/// What a plan's loops and the formats may read and write themselves at a property's offset, for
/// one codec's values (``ValueCodec/direct``): the one vocabulary of those fast paths, asked of
/// the codec, never worked out from its type.
enum DirectValues {
    /// Nothing: every value goes through the codec's calls.
    case none
    /// One of the commonest property types (``LeafKind``).
    case leaf(LeafKind)
    /// A nested model of this type, through its plan.
    case model(any Mappable.Type)
    /// An array of nested models of this type, each through its plan.
    case models(any Mappable.Type)
    /// An array of `Int`, `String` or `Bool` (``LeafKind/int``, ``LeafKind/string``,
    /// ``LeafKind/bool``).
    case leafArray(LeafKind)
}

extension DirectValues {
    /// The common scalar of ``leaf(_:)``, or `.none`: what a field's own loops take as it is.
    var leafKind: LeafKind {
        if case .leaf(let kind) = self { return kind }
        return .none
    }
}
