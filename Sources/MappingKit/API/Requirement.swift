/// A condition a property's value must meet for a mapping to succeed (EFDataMappingKit's
/// `EFRequires`). Every requirement is checked, and every failure reported with its path.
///
/// ```swift
/// map.require(\.userId, .exists)
/// map.require(\.age, .that("an age from 0 to 150") { (0...150).contains($0) })
/// map.require(\.nickname, .either(.not(.exists), or: .that("a non-empty nickname") { $0?.isEmpty == false }))
/// ```
///
/// A requirement sees `nil` when the key is absent or its value is null.
public struct Requirement<Value>: Sendable, CustomStringConvertible {
    /// What the requirement asks for, as messages say it: `a value`, `an age from 0 to 150`.
    ///
    /// ```swift
    /// Requirement<Int>.exists.description   // "a value"
    /// ```
    public let description: String
    let test: @Sendable (Value?) -> Bool

    /// A requirement described by `description` that holds when `test` returns `true`.
    ///
    /// ```swift
    /// let even = Requirement<Int>("an even number") { $0.map { $0 % 2 == 0 } ?? true }
    /// ```
    public init(_ description: String, _ test: @escaping @Sendable (Value?) -> Bool) {
        self.description = description
        self.test = test
    }

    func isMet(by value: Value?) -> Bool {
        test(value)
    }

    /// The key is present and its value is not null.
    ///
    /// ```swift
    /// map.require(\.id, .exists)
    /// ```
    public static var exists: Requirement {
        Requirement("a value") { value in
            if case .some = value { true } else { false }
        }
    }

    /// Holds when `requirement` does not: `.not(.exists)` asks for the key to be absent or null.
    ///
    /// ```swift
    /// map.require(\.legacyId, .not(.exists))
    /// ```
    public static func not(_ requirement: Requirement) -> Requirement {
        let description = requirement.description == "a value" ? "no value" : "anything but \(requirement.description)"
        return Requirement(description) { !requirement.isMet(by: $0) }
    }

    /// Holds when either requirement does.
    ///
    /// ```swift
    /// map.require(\.email, .either(.exists, or: .that("empty") { $0.isEmpty }))
    /// ```
    public static func either(_ first: Requirement, or second: Requirement) -> Requirement {
        Requirement("\(first.description) or \(second.description)") { first.isMet(by: $0) || second.isMet(by: $0) }
    }

    /// Holds when every requirement does.
    ///
    /// ```swift
    /// map.require(\.age, .all(.exists, .that("0 to 150") { (0...150).contains($0) }))
    /// ```
    public static func all(_ requirements: Requirement...) -> Requirement {
        Requirement(requirements.map(\.description).joined(separator: " and ")) { value in
            requirements.allSatisfy { $0.isMet(by: value) }
        }
    }

    /// Holds when the value is absent, or present and `predicate` accepts it. Combine with
    /// ``exists`` to require the value as well.
    ///
    /// ```swift
    /// map.require(\.age, .that("an age from 0 to 150") { (0...150).contains($0) })
    /// ```
    public static func that(_ description: String, _ predicate: @escaping @Sendable (Value) -> Bool) -> Requirement {
        Requirement(description) { value in
            guard let value else { return true }
            return predicate(value)
        }
    }
}
