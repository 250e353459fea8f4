extension MappingConfiguration.Builder {
    /// Names the model's primary key: imports into a ``MappingStore`` update the stored object
    /// with the same key instead of making a second one, and the same key twice in one payload
    /// gives one object (XLYMapping's `primaryKeys`).
    ///
    /// ```swift
    /// map.identity(\.id)                 // one property
    /// map.identity(\.region, \.number)   // a composite key
    /// ```
    ///
    /// Each property must be mapped, `Hashable` and not optional; otherwise, a configuration
    /// error. In an import, a dictionary without the key is an error at its path. Outside
    /// imports (`init(dictionary:)`, `array(from:)`) the identity changes nothing.
    public mutating func identity(_ properties: PartialKeyPath<Model>..., fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        if properties.isEmpty { record("identity() names no property") }
        identityProperties = properties.compactMap { property in
            guard let writable = property as? any AnyWritableKeyPath else {
                record("\(property) is not a writable property")
                return nil
            }
            return writable.representedProperty()
        }
        hooks.identities.append(RuleIdentity("identity " + (identityProperties ?? []).map(\.label).joined(separator: ",")))
    }

    /// Maps a to-one relationship whose input is the related object's primary key (KVCMapping's
    /// relationships): `"employer_id": 7` becomes the `Company` with key 7, from the store or
    /// from the same import, wherever in the payload it appears. The dictionary representation
    /// writes the key again.
    ///
    /// ```swift
    /// map.relationship(\.employer, key: "employer_id")                       // fails when 7 is unknown
    /// map.relationship(\.employer, key: "employer_id", unresolved: .null)    // nil instead
    /// ```
    ///
    /// `null` sets the property to `nil`. `Related` must declare a single-property
    /// ``identity(_:fileID:line:)``.
    public mutating func relationship<Related: Mappable & SendableMetatype>(
        _ property: WritableKeyPath<Model, Related?>,
        key: ExternalKey,
        unresolved: UnresolvedReference = .fail,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        let codec = Codec.erasing(OptionalRelationshipCodec<Related>(policy: unresolved))
        setRelationship(property, key: key, unresolved: unresolved, related: Related.self) { _ in codec }
    }

    /// The same for a property that always holds an object: `unresolved` may be `.fail` or
    /// `.placeholder` (a non-optional property cannot be `nil`).
    ///
    /// ```swift
    /// map.relationship(\.employer, key: "employer_id", unresolved: .placeholder)   // employer: Company
    /// ```
    public mutating func relationship<Related: Mappable & SendableMetatype>(
        _ property: WritableKeyPath<Model, Related>,
        key: ExternalKey,
        unresolved: UnresolvedReference = .fail,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        if unresolved == .null { record("\(Self.displayName(of: property)) is not optional, so it cannot be null when unresolved") }
        let codec = Codec.erasing(RelationshipCodec<Related>(policy: unresolved))
        setRelationship(property, key: key, unresolved: unresolved, related: Related.self) { _ in codec }
    }

    /// A to-many relationship: `"car_ids": [3, 4]` becomes the cars with those keys, in that
    /// order; the representation writes the array of keys. `unresolved` may be `.fail` or
    /// `.placeholder` (an array holds no `nil`).
    ///
    /// ```swift
    /// map.relationship(\.tags, key: "tag_ids")   // tags: [Tag] ↔ "tag_ids": [1, 2]
    /// ```
    public mutating func relationship<Related: Mappable & SendableMetatype>(
        _ property: WritableKeyPath<Model, [Related]>,
        key: ExternalKey,
        unresolved: UnresolvedReference = .fail,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        if unresolved == .null { record("\(Self.displayName(of: property)) is an array, which cannot hold null for an unresolved key") }
        let element = Codec.erasing(RelationshipCodec<Related>(policy: unresolved))
        setRelationship(property, key: key, unresolved: unresolved, related: Related.self) { mode in
            Codec.erasing(ArrayCodec(element: element, mode: mode))
        }
    }

    private mutating func setRelationship<Property, Related: Mappable & SendableMetatype>(
        _ property: WritableKeyPath<Model, Property>,
        key: ExternalKey,
        unresolved: UnresolvedReference,
        related: Related.Type,
        _ makeCodec: @escaping @Sendable (CoercionMode) -> Codec<Property>
    ) {
        map(property, to: [key])
        let index = ruleIndex(for: property)
        if rule(at: index).makeCodec != nil { record("\(Self.displayName(of: property)) is given two conversions") }
        editRule(at: index) { rule in
            rule.makeCodec = { _, mode in Codec.erasing(makeCodec(mode)) }
            rule.adapterName = "relationship"
            rule.codec = RuleIdentity("relationship \(Related.self) \(unresolved.rawValue)")
        }
    }
}
