public import Foundation

extension MappingConfiguration.Builder {
    /// Converts `property` with `adapter`, from `keys` (the first present wins) or, with no
    /// keys, from the key its name gives.
    ///
    /// ```swift
    /// map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
    /// map.map(\.color, using: colorFromComponents)
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, Value>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in adapter.codec(mode) }
    }

    /// Converts an optional property's non-null values with `adapter`; `null` clears it, and a
    /// `nil` property is left out of the dictionary representation.
    ///
    /// ```swift
    /// map.map(\.deletedAt, to: "deleted_at", using: .iso8601)   // deletedAt: Date?
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, Value?>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in Codec.erasing(OptionalCodec(wrapped: adapter.codec(mode))) }
    }

    /// Converts every element of an array property with `adapter`.
    ///
    /// ```swift
    /// map.map(\.visits, to: "visits", using: .unixSeconds)   // visits: [Date]
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, [Value]>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in Codec.erasing(ArrayCodec(element: adapter.codec(mode), mode: mode)) }
    }

    /// Converts an `NSDate` property (a model ported from Objective-C) with a `Date` adapter,
    /// exactly as a `Date` property is converted.
    ///
    /// ```swift
    /// map.map(\.createdAt, using: .iso8601)   // createdAt: NSDate
    /// ```
    public mutating func map(
        _ property: WritableKeyPath<Model, NSDate>,
        to keys: ExternalKey...,
        using adapter: Adapter<Date>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in CodecFactory.nsDate(through: adapter.codec(mode)) }
    }

    /// Converts an optional `NSDate` property's non-null values with a `Date` adapter; `null`
    /// clears it.
    ///
    /// ```swift
    /// map.map(\.deletedAt, using: .unixSeconds)   // deletedAt: NSDate?
    /// ```
    public mutating func map(
        _ property: WritableKeyPath<Model, NSDate?>,
        to keys: ExternalKey...,
        using adapter: Adapter<Date>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in
            Codec.erasing(OptionalCodec(wrapped: CodecFactory.nsDate(through: adapter.codec(mode))))
        }
    }

    private mutating func setCodec<Value, Adapted>(
        of property: WritableKeyPath<Model, Value>,
        keys: [ExternalKey],
        adapter: Adapter<Adapted>,
        _ makeCodec: @escaping @Sendable (CoercionMode) -> Codec<Value>
    ) {
        if !keys.isEmpty { map(property, to: keys) }
        let index = ruleIndex(for: property)
        if rule(at: index).makeCodec != nil { record("\(Self.displayName(of: property)) is given two adapters") }
        if let problem = adapter.problem { record("\(Self.displayName(of: property)): \(problem)") }
        if keys.isEmpty { checkNotIgnored(property, at: index, given: "mapped") }
        editRule(at: index) { rule in
            rule.makeCodec = { _, mode in Codec.erasing(makeCodec(mode)) }
            rule.adapterName = adapter.name
            rule.codec = adapter.identity
        }
    }
}
