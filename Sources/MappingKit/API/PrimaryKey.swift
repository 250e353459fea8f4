import Foundation

/// The identity of a stored model: the values of the properties its configuration names with
/// ``MappingConfiguration/Builder/identity(_:fileID:line:)``, in that order.
///
/// ```swift
/// map.identity(\.id)                 // PrimaryKey(7)
/// map.identity(\.region, \.number)   // PrimaryKey("eu", 12)
/// ```
///
/// Keys are made from the properties' Swift values (an `Int` property gives an `Int`, whatever
/// number type the input held), so a key read from a payload equals the key of the stored model.
public struct PrimaryKey: Hashable, CustomStringConvertible, @unchecked Sendable {
    // Unchecked: `AnyHashable` is not `Sendable`, but a key only ever holds the values of
    // `Hashable` model properties (numbers, strings, UUIDs), which are immutable values.

    /// How the values are held. A single `Int` or `String`, the keys imports meet most, is held
    /// as itself, so that an import hashes and compares it without `AnyHashable`'s boxes. Any
    /// other single value that `AnyHashable` finds equal to an `Int` (an `Int64`, an `NSNumber`,
    /// a `7.0`) is compared and hashed as that `Int` but kept as given, so equal keys always take
    /// the same path and ``values`` returns what was given.
    ///
    /// Flat fields rather than an enum with payloads: keys are copied, hashed and compared many
    /// times per imported object, and a flat value copies and compares without switching on
    /// (and copying out) two payloads.
    struct Storage: Hashable {
        enum Kind: UInt8 {
            case int, string, values
        }

        let kind: Kind
        /// The `Int` of an `.int` key.
        let int: Int
        /// The `String` of a `.string` key.
        let string: String
        /// The values of a `.values` key; for an `.int` key, the value as given when it was
        /// not an `Int` (see ``equalToInt(_:given:)``), else empty. (Not an optional: copying
        /// an optional array went through the runtime's generic witnesses, 5% of an import.)
        let given: [AnyHashable]

        static func int(_ value: Int) -> Storage {
            Storage(kind: .int, int: value, string: "", given: [])
        }

        static func string(_ value: String) -> Storage {
            Storage(kind: .string, int: 0, string: value, given: [])
        }

        /// A value `AnyHashable` finds equal to `value` (an `Int64`, an `NSNumber`, a `7.0`):
        /// compared and hashed as `value`, kept as given.
        static func equalToInt(_ value: Int, given: AnyHashable) -> Storage {
            Storage(kind: .int, int: value, string: "", given: [given])
        }

        static func values(_ values: [AnyHashable]) -> Storage {
            Storage(kind: .values, int: 0, string: "", given: values)
        }

        static func == (left: Storage, right: Storage) -> Bool {
            guard left.kind == right.kind else { return false }
            switch left.kind {
            case .int: return left.int == right.int
            case .string: return left.string == right.string
            case .values: return left.given == right.given
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            switch kind {
            case .int: hasher.combine(int)
            case .string: hasher.combine(string)
            case .values: hasher.combine(given)
            }
        }
    }

    let storage: Storage

    /// The values, one per identity property.
    ///
    /// ```swift
    /// PrimaryKey("eu", 12).values   // ["eu", 12]
    /// ```
    public var values: [AnyHashable] {
        switch storage.kind {
        case .int: storage.given.isEmpty ? [AnyHashable(storage.int)] : storage.given
        case .string: [AnyHashable(storage.string)]
        case .values: storage.given
        }
    }

    /// A key of one or more values.
    ///
    /// ```swift
    /// let key = PrimaryKey(7)
    /// let composite = PrimaryKey("eu", 12)
    /// ```
    public init(_ first: AnyHashable, _ rest: AnyHashable...) {
        self.init(values: [first] + rest)
    }

    /// A key of `values`, in the order of the identity properties.
    ///
    /// ```swift
    /// let key = PrimaryKey(values: ["eu", 12])
    /// ```
    public init(values: [AnyHashable]) {
        storage = values.count == 1 ? Self.single(values[0]) : .values(values)
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// A key of one value per identity property, each as ``single(_:)`` or a typed field made it.
    init(parts: [Storage]) {
        storage = parts.count == 1 ? parts[0] : .values(parts.flatMap { PrimaryKey(storage: $0).values })
    }

    /// The case for one value: `.int` or `.string` for an `Int` or a `String`; `.equalToInt`
    /// for any other value `AnyHashable` finds equal to an `Int` (`Int64(7)`, `UInt8(7)` and
    /// `7.0` all compare as `7`, as `AnyHashable` finds them all equal); else the value itself.
    ///
    /// An `NSNumber` is taken as the Swift value it holds (`Int`, `UInt64`, `Double`, `Bool`,
    /// `Decimal`): on Linux, `AnyHashable` finds `NSNumber(value: 7)` equal to `7` but not `7`
    /// equal to it, and hashes them differently, which would make a store's look-ups depend on
    /// which key came first.
    static func single(_ value: AnyHashable) -> Storage {
        let base = value.base
        if type(of: base) == Int.self, let int = base as? Int { return .int(int) }
        if type(of: base) == String.self, let string = base as? String { return .string(string) }
        // By its dynamic type: `as? NSNumber` would bridge a Swift number to one.
        if type(of: base) is NSNumber.Type, let number = base as? NSNumber {
            let swiftValue: AnyHashable
            switch NumericInput.read(number) {
            case .bool(let flag): swiftValue = flag
            case .signed(let integer): swiftValue = integer
            case .unsigned(let integer): swiftValue = integer
            case .floating(let real): swiftValue = real
            case .decimal(let decimal): swiftValue = decimal
            // `read` makes no wide integers of an `NSNumber`; kept as given if it ever did.
            case .wide, .exact: return .values([value])
            }
            let storage = single(swiftValue)
            return storage.kind == .int ? .equalToInt(storage.int, given: value) : storage
        }
        let candidate: Int? = switch base {
        case let integer as any BinaryInteger: Int(exactly: integer)
        case let number as any BinaryFloatingPoint: Int(exactly: number)
        default: nil
        }
        if let candidate, AnyHashable(candidate) == value { return .equalToInt(candidate, given: value) }
        return .values([value])
    }

    /// The value of a single-property key: `7` for `PrimaryKey(7)`.
    ///
    /// ```swift
    /// PrimaryKey(7).value   // 7
    /// ```
    public var value: AnyHashable? {
        let values = values
        return values.count == 1 ? values[0] : nil
    }

    /// `7`, or `("eu", 12)` for a key of several values.
    ///
    /// ```swift
    /// PrimaryKey("eu", 12).description   // ("eu", 12)
    /// ```
    public var description: String {
        let shown = values.map { value in
            if let text = value.base as? String { return String(reflecting: text) }
            return String(describing: value.base)
        }
        return shown.count == 1 ? shown[0] : "(\(shown.joined(separator: ", ")))"
    }
}
