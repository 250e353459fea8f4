extension MappingConfiguration.Builder {
    /// The value `property` takes when its key is absent (XLYMapping's default values), instead
    /// of keeping the value it has.
    ///
    /// ```swift
    /// map.defaultValue(\.isMale, whenMissing: true)
    /// ```
    public mutating func defaultValue<Value: Sendable>(_ property: WritableKeyPath<Model, Value>, whenMissing value: Value) {
        editRule(at: ruleIndex(for: property)) { rule in
            rule.defaults.whenMissing = value
            rule.valueIdentities.append("missing#\(AdapterIdentity.next())")
        }
    }

    /// The value `property` takes when its value is null, instead of `nil` (or an error, for a
    /// property that is not optional).
    public mutating func defaultValue<Value: Sendable>(_ property: WritableKeyPath<Model, Value>, whenNull value: Value) {
        editRule(at: ruleIndex(for: property)) { rule in
            rule.defaults.whenNull = value
            rule.valueIdentities.append("null#\(AdapterIdentity.next())")
        }
    }

    /// Requirements `property`'s value must meet; a mapping that fails one throws, reporting
    /// every failure with its path.
    ///
    /// ```swift
    /// map.require(\.userId, .exists)
    /// ```
    public mutating func require<Value>(_ property: WritableKeyPath<Model, Value>, _ requirements: Requirement<Value>...) {
        editRule(at: ruleIndex(for: property)) { rule in
            rule.requirements = ((rule.requirements as? [Requirement<Value>]) ?? []) + requirements
            rule.valueIdentities.append("requirements#\(AdapterIdentity.next())")
        }
    }

    /// Rewrites the incoming dictionary before anything is read from it (XLYMapping's will-map
    /// block): fill in missing values, rename keys, unwrap an envelope.
    public mutating func willMap(_ transform: @escaping @Sendable ([String: Any]) throws -> [String: Any]) {
        hooks.willMap.append(DictionaryHook(transform: transform))
        hooks.identities.append("willMap#\(AdapterIdentity.next())")
    }

    /// Runs after every property has been mapped: finish or validate the model. Throwing undoes
    /// the whole update.
    ///
    /// ```swift
    /// map.didMap { user in
    ///     guard user.username.count >= 3 else { throw ValidationError.tooShort }
    /// }
    /// ```
    public mutating func didMap(_ body: @escaping @Sendable (inout Model) throws -> Void) {
        hooks.didMap.append(ModelHook<Model>(.model(body)))
        hooks.identities.append("didMap#\(AdapterIdentity.next())")
    }

    /// Hands the value of `key` to `body`, which may set any properties (DHNObjectMapping's block
    /// mapping not bound to one property). Runs after the properties are mapped, when the key is
    /// present; throwing undoes the whole update.
    ///
    /// ```swift
    /// map.handle("location") { value, place in
    ///     guard let pair = value as? [Double], pair.count == 2 else { throw LocationError.malformed }
    ///     (place.latitude, place.longitude) = (pair[0], pair[1])
    /// }
    /// ```
    public mutating func handle(_ key: ExternalKey, _ body: @escaping @Sendable (Any, inout Model) throws -> Void) {
        hooks.keyHandlers.append(KeyHandler(keys: FieldKeys([key]), hook: ModelHook<Model>(.value(body))))
        hooks.identities.append("handle#\(key)#\(AdapterIdentity.next())")
    }
}
