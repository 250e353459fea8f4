/// How MappingKit writes JSON: compact by default, in the model's declaration order.
///
/// ```swift
/// let data = try user.jsonData(options: [.sortedKeys, .prettyPrinted])
/// // {
/// //   "messages": [
/// //     {
/// //       "text": "Hi"
/// //     }
/// //   ],
/// //   "username": "john.doe"
/// // }
/// ```
public struct JSONOutputOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    ///
    /// ```swift
    /// JSONOutputOptions.sortedKeys.rawValue
    /// ```
    public let rawValue: Int

    /// Options from their raw value.
    ///
    /// ```swift
    /// let options = JSONOutputOptions(rawValue: JSONOutputOptions.sortedKeys.rawValue)
    /// ```
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Keys in the order of their UTF-8 bytes (Unicode scalar order), at every level, stashed
    /// keys included; without it, a model's keys follow its properties' declaration order and
    /// untyped dictionaries their own.
    ///
    /// ```swift
    /// try user.jsonData(options: .sortedKeys)   // {"messages":[],"username":"ann"}
    /// ```
    public static let sortedKeys = JSONOutputOptions(rawValue: 1 << 0)
    /// A line per member and element, indented by two spaces, `"key": value`.
    ///
    /// ```swift
    /// try user.jsonData(options: [.prettyPrinted, .sortedKeys])
    /// // {
    /// //   "messages": [],
    /// //   "username": "ann"
    /// // }
    /// ```
    public static let prettyPrinted = JSONOutputOptions(rawValue: 1 << 1)
}
