import Foundation

/// The commonest property types (`Int`, `String`, `Bool`, `Double` and their optionals) under
/// their built-in codecs, with no defaults or requirements: a plan's loops read and write these
/// themselves, from the property's offset, without a call through the field and its codec.
///
/// Only the common case is handled here; anything else (a value of another type, a `Double`
/// that is not finite) returns `false`, and the field's own calls run, with their conversions
/// and error messages.
enum LeafKind: UInt8, Sendable {
    case none, int, string, bool, double, optionalInt, optionalString, optionalBool, optionalDouble

    /// The kind for a field whose codec is of type `codec`.
    init(codec: Any.Type) {
        let kinds: [(Any.Type, LeafKind)] = [
            (IntCodec.self, .int), (StringCodec.self, .string), (BoolCodec.self, .bool), (DoubleCodec.self, .double),
            (OptionalIntCodec.self, .optionalInt), (OptionalStringCodec.self, .optionalString),
            (OptionalBoolCodec.self, .optionalBool), (OptionalDoubleCodec.self, .optionalDouble),
        ]
        self = kinds.first { $0.0 == codec }?.1 ?? .none
    }

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
}
