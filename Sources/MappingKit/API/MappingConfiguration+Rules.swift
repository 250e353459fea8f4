extension MappingConfiguration.Builder {
    /// The value `property` takes when its key is absent (XLYMapping's default values), instead
    /// of keeping the value it has.
    ///
    /// ```swift
    /// map.defaultValue(\.isMale, whenMissing: true)
    /// ```
    public mutating func defaultValue<Value: Sendable>(_ property: WritableKeyPath<Model, Value>, whenMissing value: Value, fileID: String = #fileID, line: Int = #line) {
        setDefault(of: property, for: "missing", fileID: fileID, line: line) { $0.whenMissing = value }
    }

    /// The value `property` takes when its value is null, instead of `nil` (or an error, for a
    /// property that is not optional).
    ///
    /// ```swift
    /// map.defaultValue(\.nickname, whenNull: "none")   // "nickname": null → "none"
    /// ```
    public mutating func defaultValue<Value: Sendable>(_ property: WritableKeyPath<Model, Value>, whenNull value: Value, fileID: String = #fileID, line: Int = #line) {
        setDefault(of: property, for: "null", fileID: fileID, line: line) { $0.whenNull = value }
    }

    /// The value `property` takes when its value does not convert (BetterCodable's
    /// `DefaultFalse`, `DefaultEmptyArray`, SmartCodable's defaults): text where a number
    /// belongs, a number out of range, `null` for a property that is not optional, an unknown raw
    /// value. Each use is in the ``MappingReport`` (``MappingReport/Action/defaultedWhenInvalid(_:problem:)``),
    /// with what was found; never silent. A value that converts but fails a requirement is still
    /// an error, and so are the call's limits.
    ///
    /// ```swift
    /// map.defaultValue(\.isActive, whenInvalid: false)   // "isActive": "maybe" → false, reported
    /// map.defaultValue(\.tags, whenInvalid: [])          // "tags": null or "tags": 3 → []
    /// ```
    public mutating func defaultValue<Value: Sendable>(_ property: WritableKeyPath<Model, Value>, whenInvalid value: Value, fileID: String = #fileID, line: Int = #line) {
        setDefault(of: property, for: "invalid", fileID: fileID, line: line) { $0.whenInvalid = value }
    }

    /// Sets one of `property`'s defaults (`kind`: `missing`, `null`, `invalid`).
    private mutating func setDefault<Value>(
        of property: WritableKeyPath<Model, Value>, for kind: String, fileID: String, line: Int, _ set: (inout FieldDefaults) -> Void
    ) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "given a default")
        editRule(at: index) { rule in
            set(&rule.defaults)
            rule.values.append(.instance(of: kind))
        }
    }

    /// Leaves out each element of the array, set or dictionary `property` that does not convert,
    /// and keeps the rest (BetterCodable's `LossyArray`); each one left out is in the
    /// ``MappingReport`` with its path and error. Input that is no collection at all is still an
    /// error. Opt-in: by default one bad element fails the mapping, as it does in Codable.
    ///
    /// ```swift
    /// map.lossy(\.tags)   // "tags": ["a", 2, "b"] → ["a", "b"]; report: tags[1]: left out …
    /// ```
    public mutating func lossy<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "made lossy")
        if !CodecFactory.holdsCollection(Value.self) {
            record("\(Self.displayName(of: property)) is made lossy, but a \(ValueDescription.typeName(Value.self)) is no array, set or dictionary")
        }
        editRule(at: index) { $0.isLossy = true }
    }

    /// Reads one value that is no array as the only element of the array or set `property`
    /// (KVCMapping's automatic collections): `"tags": "swift"` → `["swift"]`, reported
    /// (``MappingReport/Action/boxedAsOnlyElement``). Opt-in: by default such a value is an
    /// error, as in Codable, and an array nested in the property is never boxed. Writing is
    /// unchanged: an array.
    ///
    /// ```swift
    /// map.singleValueAsArray(\.tags)   // "tags": "swift" → ["swift"]; "tags": ["a"] as before
    /// ```
    public mutating func singleValueAsArray<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "given single values as arrays")
        if !CodecFactory.holdsArray(Value.self) {
            record("\(Self.displayName(of: property)) reads single values as arrays, but a \(ValueDescription.typeName(Value.self)) is no array or set")
        }
        editRule(at: index) { $0.boxesSingleValue = true }
    }

    /// Reads and writes the nested model `property` from the model's own object, as serde's
    /// `flatten` does: its keys are the parent's, not an object under a key of its own.
    ///
    /// ```swift
    /// struct Meta: Mappable { var total = 0; var cursor: String? }
    /// struct Page: Mappable {
    ///     var meta = Meta()
    ///     var items: [Item] = []
    ///     static let mappingConfiguration = MappingConfiguration(for: Page.self) { map in
    ///         map.flatten(\.meta)   // {"total": 3, "cursor": "x", "items": […]}
    ///     }
    /// }
    /// ```
    ///
    /// The nested model reads only its own keys (its configuration's, with what the parent hands
    /// down): the parent's undefined-key policy and stash see them as read, and every other key
    /// stays the parent's, so a stash on the parent and a flattened model together write back
    /// exactly what was read. Written, its keys are merged into the parent's; a key both write is
    /// the parent's. Errors about its values are at the parent's paths (`total: …`). A model with
    /// a flattened property is read as a dictionary in every format.
    public mutating func flatten<Nested: Mappable>(_ property: WritableKeyPath<Model, Nested>, fileID: String = #fileID, line: Int = #line) {
        flattening(property, fileID: fileID, line: line)
    }

    /// Flattens an optional model (serde flattens `Option`): `nil` when none of its keys is
    /// present (an update in place leaves it as it is then), and nothing written for `nil`.
    ///
    /// ```swift
    /// map.flatten(\.paging)   // var paging: Paging?; {"items": […]} → paging == nil
    /// ```
    public mutating func flatten<Nested: Mappable>(_ property: WritableKeyPath<Model, Nested?>, fileID: String = #fileID, line: Int = #line) {
        flattening(property, fileID: fileID, line: line)
    }

    /// Flattens a tagged enum into the model's object: its tag and what its cases read beside
    /// it are the model's own keys (a GitHub event's `type` and `payload` beside `id` and
    /// `actor`). Internally tagged, a case's labels and a one-model payload's keys are read from
    /// the parent's object; adjacently tagged, the tag and the content; externally tagged, the
    /// key that is a case's tag. When none of them is present the property keeps its value,
    /// unless ``MissingKeyPolicy/raise`` requires it. An update in place merges into the
    /// payload of the same case (RFC 7396).
    ///
    /// ```swift
    /// struct GitHubEvent: Mappable {
    ///     var id = ""
    ///     var payload = EventPayload.unknown
    ///     static let mappingConfiguration = MappingConfiguration(for: GitHubEvent.self) { $0.flatten(\.payload) }
    /// }
    /// // {"id": "1", "type": "PushEvent", "payload": {"size": 1}} with EventPayload adjacently tagged by "type" and "payload"
    /// ```
    public mutating func flatten<Tagged: TaggedEnum>(_ property: WritableKeyPath<Model, Tagged>, fileID: String = #fileID, line: Int = #line) {
        flattening(property, fileID: fileID, line: line)
    }

    /// Flattens an optional tagged enum: `nil` when none of its keys is present, nothing written
    /// for `nil`.
    ///
    /// ```swift
    /// map.flatten(\.attachment)   // var attachment: Attachment?
    /// ```
    public mutating func flatten<Tagged: TaggedEnum>(_ property: WritableKeyPath<Model, Tagged?>, fileID: String = #fileID, line: Int = #line) {
        flattening(property, fileID: fileID, line: line)
    }

    /// Every `flatten`'s rule.
    private mutating func flattening<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String, line: Int) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "flattened")
        if rule(at: index).keys != nil {
            record("\(Self.displayName(of: property)) is both flattened and mapped to a key")
        }
        editRule(at: index) { $0.flattens = true }
    }

    /// Lets `property`'s key be absent when a model is made under ``MissingKeyPolicy/raise``: the
    /// property keeps the value the model's `init()` gave it. (Optionals and properties with a
    /// ``defaultValue(_:whenMissing:fileID:line:)`` need no exemption.)
    ///
    /// ```swift
    /// map.missingKeys = .raise
    /// map.allowsMissing(\.createdAt)   // an absent "created_at" keeps the declared date
    /// ```
    public mutating func allowsMissing<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "allowed to be missing")
        editRule(at: index) { $0.allowsMissing = true }
    }

    /// Reads empty text as `nil` into the optional `property` (GitHub's `"homepage": ""`); the
    /// default reads it as text, which a `URL?` refuses. `nil` is written as any `nil` is (absent,
    /// or `null`): the empty text does not come back.
    ///
    /// ```swift
    /// map.emptyStringAsNil(\.homepage)   // "homepage": "" → nil; "homepage": "https://a.b" → URL
    /// ```
    public mutating func emptyStringAsNil<Wrapped>(_ property: WritableKeyPath<Model, Wrapped?>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "given a rule for empty text")
        editRule(at: index) { $0.emptyStringAsNil = true }
    }

    /// Replaces `property`'s value whole in an update in place, instead of merging an object
    /// into it. By default an update follows JSON Merge Patch (RFC 7396) at every depth: an
    /// object merges into a nested model or a dictionary (absent keys keep their values,
    /// `null` removes a dictionary's entry); arrays and scalars always replace.
    ///
    /// ```swift
    /// map.replacesOnUpdate(\.address)
    /// try person.update(from: ["address": ["city": "LA"]])   // Address(street: "", city: "LA")
    /// ```
    public mutating func replacesOnUpdate<Value>(_ property: WritableKeyPath<Model, Value>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "replaced on update")
        editRule(at: index) { $0.replacesOnUpdate = true }
    }

    /// Converts `property`'s values under `mode` instead of the configuration's
    /// ``MappingConfiguration/Builder/coercion``: one messy field read leniently in an otherwise
    /// exact model (an id that some clients send as text), or one field kept strict. Its
    /// adapter, elements and optional follow the same mode.
    ///
    /// ```swift
    /// map.coercion(\.id, .lenient)   // "id": "42" → 42; every other property stays .lossless
    /// ```
    public mutating func coercion<Value>(_ property: WritableKeyPath<Model, Value>, _ mode: CoercionMode, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "given a coercion mode")
        editRule(at: index) { $0.coercion = mode }
    }

    /// Requirements `property`'s value must meet; a mapping that fails one throws, reporting
    /// every failure with its path.
    ///
    /// ```swift
    /// map.require(\.userId, .exists)
    /// ```
    public mutating func require<Value>(_ property: WritableKeyPath<Model, Value>, _ requirements: Requirement<Value>..., fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        let index = ruleIndex(for: property)
        checkNotIgnored(property, at: index, given: "required")
        editRule(at: index) { rule in
            rule.requirements = ((rule.requirements as? [Requirement<Value>]) ?? []) + requirements
            rule.values.append(.instance(of: "requirements"))
        }
    }

    /// Rewrites the incoming dictionary before anything is read from it (XLYMapping's will-map
    /// block): fill in missing values, rename keys, unwrap an envelope.
    ///
    /// ```swift
    /// map.willMap { dictionary in
    ///     var dictionary = dictionary
    ///     dictionary["name"] = dictionary["full_name"] ?? dictionary["name"]
    ///     return dictionary
    /// }
    /// ```
    public mutating func willMap(_ transform: @escaping @Sendable ([String: Any]) throws -> [String: Any]) {
        hooks.willMap.append(DictionaryHook(transform: transform))
        hooks.identities.append(.instance(of: "willMap"))
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
        hooks.identities.append(.instance(of: "didMap"))
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
        hooks.identities.append(.instance(of: "handle \(key)"))
    }

    /// Makes the model's instances wherever MappingKit creates them (nested models, `array(from:)`,
    /// `Mapper.map(_:to:)`) from the incoming values; the instance is then updated from them.
    /// It may return an existing instance (EFDataMappingKit's registered initializers), to keep
    /// one object per entity. `init(dictionary:)` always creates a new instance.
    ///
    /// ```swift
    /// map.factory { values in
    ///     UserCache.shared.user(id: values["id"] as? Int) ?? User()
    /// }
    /// ```
    public mutating func factory(_ make: @escaping @Sendable ([String: Any]) throws -> Model) {
        hooks.factory = ModelFactory<Model>(make)
        hooks.identities.append(.instance(of: "factory"))
    }

    /// Maps the model from an array by position: `[59.9, 10.75]` → `latitude`, `longitude`
    /// (KVCMapping's index keys). Where the model is nested in another, an array value hydrates
    /// it, and the dictionary representation writes the array back.
    ///
    /// ```swift
    /// map.positions(\.latitude, \.longitude)
    /// ```
    public mutating func positions(_ properties: PartialKeyPath<Model>..., fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        for (index, property) in properties.enumerated() {
            guard let writable = property as? any AnyWritableKeyPath else {
                record("\(property) is not a writable property")
                continue
            }
            mapPosition(writable, index)
        }
        hooks.isPositional = true
        hooks.identities.append(RuleIdentity("positional"))
    }

    private mutating func mapPosition(_ property: any AnyWritableKeyPath, _ index: Int) {
        property.map(into: &self, key: ExternalKey.literal("\(index)"))
    }

    /// Limits the dictionary representation to these properties (EFDataMappingKit's
    /// `registerDictionaryRepresentationKeys`); reading is not affected.
    ///
    /// ```swift
    /// map.represent(only: \.userId, \.username)
    /// ```
    public mutating func represent(only properties: PartialKeyPath<Model>..., fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        represented = properties.compactMap { property in
            guard let writable = property as? any AnyWritableKeyPath else {
                record("\(property) is not a writable property")
                return nil
            }
            return writable.representedProperty()
        }
    }
}

/// A writable key path whose value type is opened when it is used.
///
/// No primary associated type: a cast to `any AnyWritableKeyPath<Model>` would need the runtime
/// of macOS 13 / iOS 16, newer than MappingKit's floor. The builder's model type is a generic
/// parameter instead, and the key path is cast to it (a class check).
protocol AnyWritableKeyPath {
    func map<Model: Mappable>(into builder: inout MappingConfiguration.Builder<Model>, key: ExternalKey)
    func representedProperty() -> RepresentedProperty
}

extension WritableKeyPath: AnyWritableKeyPath where Root: Mappable {
    func map<Model: Mappable>(into builder: inout MappingConfiguration.Builder<Model>, key: ExternalKey) {
        // Key paths come from a `PartialKeyPath<Model>`, whose root is always `Model`.
        guard let path = self as? WritableKeyPath<Model, Value> else {
            builder.record("\(self) is not a property of \(ValueDescription.typeName(Model.self))")
            return
        }
        builder.map(path, to: key)
    }

    func representedProperty() -> RepresentedProperty {
        let label = MappingConfiguration.Builder<Root>.displayName(of: self)
        return RepresentedProperty(label: String(describing: self), locator: KeyPathLocator(keyPath: self, label: label))
    }
}
