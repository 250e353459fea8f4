public import Foundation

extension Mappable {
    /// A model from a dictionary with `AnyHashable` keys, such as a notification's `userInfo`.
    /// Every key must be a string; the first that is not is an error.
    ///
    /// ```swift
    /// let event = try Event(dictionary: notification.userInfo ?? [:])
    /// ```
    public init(dictionary: [AnyHashable: Any]) throws {
        try self.init(dictionary: StringKeys.dictionary(dictionary))
    }

    /// A model from an `NSDictionary`, whose keys must all be strings.
    ///
    /// ```swift
    /// let user = try User(dictionary: NSDictionary(dictionary: ["username": "ann"]))
    /// ```
    public init(dictionary: NSDictionary) throws {
        try self.init(dictionary: StringKeys.dictionary(dictionary))
    }

    /// Updates the model from a dictionary with `AnyHashable` keys (see ``init(dictionary:)-([AnyHashable:Any])``).
    ///
    /// ```swift
    /// try settings.update(from: notification.userInfo ?? [:])   // [AnyHashable: Any]
    /// ```
    public mutating func update(from dictionary: [AnyHashable: Any]) throws {
        try update(from: StringKeys.dictionary(dictionary))
    }

    /// Updates the model from an `NSDictionary`, whose keys must all be strings.
    ///
    /// ```swift
    /// try settings.update(from: NSDictionary(dictionary: ["theme": "dark"]))
    /// ```
    public mutating func update(from dictionary: NSDictionary) throws {
        try update(from: StringKeys.dictionary(dictionary))
    }

    /// The dictionary representation with `AnyHashable` keys, as `userInfo` takes it.
    ///
    /// ```swift
    /// NotificationCenter.default.post(name: .eventChanged, object: nil, userInfo: try event.userInfoRepresentation())
    /// ```
    public func userInfoRepresentation() throws -> [AnyHashable: Any] {
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in try dictionaryRepresentation() { userInfo[key] = value }
        return userInfo
    }
}

extension Mappable where Self: AnyObject {
    /// Updates the object from a dictionary with `AnyHashable` keys, such as `userInfo`.
    ///
    /// ```swift
    /// try session.update(from: notification.userInfo ?? [:])   // a class instance, updated in place
    /// ```
    public func update(from dictionary: [AnyHashable: Any]) throws {
        try update(from: StringKeys.dictionary(dictionary))
    }

    /// Updates the object from an `NSDictionary`, whose keys must all be strings.
    ///
    /// ```swift
    /// try session.update(from: NSDictionary(dictionary: ["token": "abc"]))
    /// ```
    public func update(from dictionary: NSDictionary) throws {
        try update(from: StringKeys.dictionary(dictionary))
    }
}

/// Dictionaries whose keys are strings at run time, made into `[String: Any]`.
enum StringKeys {
    static func dictionary(_ dictionary: [AnyHashable: Any]) throws -> [String: Any] {
        var strings: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        for (key, value) in dictionary {
            strings[try string(key.base)] = value
        }
        return strings
    }

    static func dictionary(_ dictionary: NSDictionary) throws -> [String: Any] {
        var strings: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
        for (key, value) in dictionary {
            strings[try string(key)] = value
        }
        return strings
    }

    private static func string(_ key: Any) throws -> String {
        if let string = key as? String { return string }
        throw MappingError(.mismatch(expected: "a dictionary whose keys are strings", found: "the key \(ValueDescription.describe(key))"))
    }
}
