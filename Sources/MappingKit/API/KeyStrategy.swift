/// How a property's name becomes its external key when no explicit key is configured.
///
/// ```swift
/// var configuration = MappingConfiguration()
/// configuration.keyStrategy = .snakeCase   // userId ↔ "user_id", aboutURL ↔ "about_url"
/// ```
///
/// Explicit keys (``MappingConfiguration/Builder/map(_:to:_:fileID:line:)``) always win over the strategy.
public struct KeyStrategy: Sendable, CustomStringConvertible {
    /// A short name for the strategy, part of the configuration's identity.
    ///
    /// ```swift
    /// KeyStrategy.snakeCase.name   // "snakeCase"
    /// ```
    public let name: String
    let transform: @Sendable (String) -> String

    /// A strategy from any function of the property name. `name` identifies it: two strategies
    /// with the same name are taken to be the same function.
    ///
    /// ```swift
    /// map.keyStrategy = .custom("upper") { $0.uppercased() }   // userId ↔ "USERID"
    /// ```
    public static func custom(_ name: String, _ transform: @escaping @Sendable (String) -> String) -> KeyStrategy {
        KeyStrategy(name: name, transform: transform)
    }

    /// The property name is the key (the default).
    ///
    /// ```swift
    /// map.keyStrategy = .useNames   // userId ↔ "userId"
    /// ```
    public static let useNames = KeyStrategy(name: "useNames") { $0 }

    /// `userId` ↔ `user_id`, `aboutURL` ↔ `about_url`, `URLString` ↔ `url_string`.
    ///
    /// ```swift
    /// map.keyStrategy = .snakeCase   // userId ↔ "user_id"
    /// ```
    public static let snakeCase = KeyStrategy(name: "snakeCase", transform: KeyStrategy.snakeCased)

    /// The key for a property named `propertyName`.
    ///
    /// ```swift
    /// KeyStrategy.snakeCase.key(for: "aboutURL")   // "about_url"
    /// ```
    public func key(for propertyName: String) -> String {
        transform(propertyName)
    }

    /// The strategy's name.
    ///
    /// ```swift
    /// "\(KeyStrategy.snakeCase)"   // "snakeCase"
    /// ```
    public var description: String { name }

    static func snakeCased(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.map { !$0.isUppercase && $0 != "_" } ?? false
                let endsAcronym = (previous?.isUppercase ?? false) && (next?.isLowercase ?? false)
                if startsWord || endsAcronym { result.append("_") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
