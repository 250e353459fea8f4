/// The identity of a stored model: the values of the properties its configuration names with
/// ``MappingConfiguration/Builder/identity(_:)``, in that order.
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

    /// The values, one per identity property.
    ///
    /// ```swift
    /// PrimaryKey("eu", 12).values   // ["eu", 12]
    /// ```
    public let values: [AnyHashable]

    /// A key of one or more values.
    ///
    /// ```swift
    /// let key = PrimaryKey(7)
    /// let composite = PrimaryKey("eu", 12)
    /// ```
    public init(_ first: AnyHashable, _ rest: AnyHashable...) {
        values = [first] + rest
    }

    /// A key of `values`, in the order of the identity properties.
    ///
    /// ```swift
    /// let key = PrimaryKey(values: ["eu", 12])
    /// ```
    public init(values: [AnyHashable]) {
        self.values = values
    }

    /// The value of a single-property key: `7` for `PrimaryKey(7)`.
    ///
    /// ```swift
    /// PrimaryKey(7).value   // 7
    /// ```
    public var value: AnyHashable? {
        values.count == 1 ? values[0] : nil
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
