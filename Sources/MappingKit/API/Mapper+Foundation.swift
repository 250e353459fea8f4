public import Foundation

extension Mapper {
    /// A model from a dictionary with `AnyHashable` keys (a notification's `userInfo`), whose
    /// keys must all be strings, with this mapper's configurations.
    ///
    /// ```swift
    /// let event = try v1.map(notification.userInfo ?? [:], to: Event.self)
    /// ```
    public func map<Model: Mappable>(_ dictionary: [AnyHashable: Any], to model: Model.Type) throws -> Model {
        try map(StringKeys.dictionary(dictionary), to: model)
    }

    /// A model from an `NSDictionary`, whose keys must all be strings.
    ///
    /// ```swift
    /// let user = try v1.map(NSDictionary(dictionary: ["login": "ann"]), to: User.self)
    /// ```
    public func map<Model: Mappable>(_ dictionary: NSDictionary, to model: Model.Type) throws -> Model {
        try map(StringKeys.dictionary(dictionary), to: model)
    }

    /// Updates `model` from a dictionary with `AnyHashable` keys.
    ///
    /// ```swift
    /// try v1.update(&settings, from: notification.userInfo ?? [:])
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, from dictionary: [AnyHashable: Any]) throws {
        try update(&model, from: StringKeys.dictionary(dictionary))
    }

    /// Updates `model` from an `NSDictionary`, whose keys must all be strings.
    ///
    /// ```swift
    /// try v1.update(&settings, from: NSDictionary(dictionary: ["theme": "dark"]))
    /// ```
    public func update<Model: Mappable>(_ model: inout Model, from dictionary: NSDictionary) throws {
        try update(&model, from: StringKeys.dictionary(dictionary))
    }

    /// The dictionary representation of `model` with `AnyHashable` keys, as `userInfo` takes it.
    ///
    /// ```swift
    /// NotificationCenter.default.post(name: .changed, object: nil, userInfo: try v1.userInfoRepresentation(of: event))
    /// ```
    public func userInfoRepresentation<Model: Mappable>(of model: Model) throws -> [AnyHashable: Any] {
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in try dictionaryRepresentation(of: model) { userInfo[key] = value }
        return userInfo
    }
}
