public import Foundation

extension MappingConfiguration.Builder {
    /// Converts `property`'s values with `adapter`, from `keys` (the first present wins) or, with
    /// no keys, from the key its name gives. The adapter converts every value of its type the
    /// property holds, through any nesting of optionals, arrays, sets and `[String: …]`
    /// dictionaries, both ways; `null` in an optional is `nil`. A property with no value of the
    /// adapter's type is a configuration error when the plan compiles.
    ///
    /// ```swift
    /// map.map(\.publicationDate, to: "published_at", using: .date(format: "yyyy-MM-dd"))
    /// map.map(\.deletedAt, using: .iso8601)        // Date?
    /// map.map(\.visits, using: .unixSeconds)       // [Date]
    /// map.map(\.releases, using: .iso8601)         // [String: Date]
    /// map.map(\.shifts, using: .iso8601)           // [[Date]]?, Set<Date>, [String: [Date]]…
    /// map.map(\.color, using: colorFromComponents)
    /// ```
    public mutating func map<Property, Value>(
        _ property: WritableKeyPath<Model, Property>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        adapt(property, keys: keys, with: adapter)
    }

    /// Converts `property` with `adapter`: the overload that lets the property's type choose a
    /// generic adapter's type (`map.map(\.location, using: .codable)`).
    ///
    /// ```swift
    /// map.map(\.location, using: .codable)   // location: Location, a Codable struct
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, Value>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        adapt(property, keys: keys, with: adapter)
    }

    /// Converts an optional property's non-null values with `adapter`: the overload that lets the
    /// property's type choose a generic adapter's type.
    ///
    /// ```swift
    /// map.map(\.location, using: .codable)   // location: Location?
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, Value?>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        adapt(property, keys: keys, with: adapter)
    }

    /// Converts every element of an array property with `adapter`: the overload that lets the
    /// property's type choose a generic adapter's type.
    ///
    /// ```swift
    /// map.map(\.stops, using: .codable)   // stops: [Location]
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, [Value]>,
        to keys: ExternalKey...,
        using adapter: Adapter<Value>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        adapt(property, keys: keys, with: adapter)
    }

    /// Every overload's one way: the property's codec with the adapter at each of its values.
    private mutating func adapt<Property, Value>(_ property: WritableKeyPath<Model, Property>, keys: [ExternalKey], with adapter: Adapter<Value>) {
        let adapters = ValueAdapters(adapter)
        setCodec(of: property, keys: keys, adapter: adapter) { mode in
            CodecFactory.adaptedCodec(for: Property.self, mode: mode, adapters: adapters)
        }
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

    /// Converts an `NSData` property (a model ported from Objective-C) with a `Data` adapter,
    /// exactly as a `Data` property is converted.
    ///
    /// ```swift
    /// map.map(\.avatar, using: .base64)   // avatar: NSData
    /// ```
    public mutating func map(
        _ property: WritableKeyPath<Model, NSData>,
        to keys: ExternalKey...,
        using adapter: Adapter<Data>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in CodecFactory.nsData(through: adapter.codec(mode)) }
    }

    /// Converts an optional `NSData` property's non-null values with a `Data` adapter; `null`
    /// clears it.
    ///
    /// ```swift
    /// map.map(\.thumbnail, using: .base64)   // thumbnail: NSData?
    /// ```
    public mutating func map(
        _ property: WritableKeyPath<Model, NSData?>,
        to keys: ExternalKey...,
        using adapter: Adapter<Data>,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setCodec(of: property, keys: keys, adapter: adapter) { mode in
            Codec.erasing(OptionalCodec(wrapped: CodecFactory.nsData(through: adapter.codec(mode))))
        }
    }

    private mutating func setCodec<Value, Adapted>(
        of property: WritableKeyPath<Model, Value>,
        keys: [ExternalKey],
        adapter: Adapter<Adapted>,
        _ makeCodec: @escaping @Sendable (CoercionMode) -> Codec<Value>?
    ) {
        if !keys.isEmpty { map(property, to: keys) }
        let index = ruleIndex(for: property)
        if rule(at: index).makeCodec != nil { record("\(Self.displayName(of: property)) is given two adapters") }
        if let problem = adapter.problem { record("\(Self.displayName(of: property)): \(problem)") }
        if keys.isEmpty { checkNotIgnored(property, at: index, given: "mapped") }
        editRule(at: index) { rule in
            rule.makeCodec = { _, mode in makeCodec(mode) }
            rule.adapterName = adapter.name
            rule.codec = adapter.identity
        }
    }
}

extension MappingConfiguration.Builder {
    /// Converts every value of `type` with `adapter`, wherever this type's properties hold one
    /// (`T`, `T?`, `[T]`, `Set<T>`, `[String: T]`, any nesting of them), and in every nested
    /// type that chooses no adapter of its own for `type` (as a key strategy reaches them):
    /// `JSONDecoder`'s `dateDecodingStrategy`, for any type. A property's own adapter
    /// (`map.map(\.createdAt, using: …)`) wins.
    ///
    /// ```swift
    /// map.convert(Date.self, using: .iso8601)      // every Date, Date?, [Date], [String: Date]…
    /// map.convert(Decimal.self, using: .decimal)
    /// map.map(\.createdAt, using: .unixSeconds)    // this one property its own way
    /// ```
    public mutating func convert<Value>(_ type: Value.Type, using adapter: Adapter<Value>, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        if let problem = adapter.problem { record("converting \(ValueDescription.typeName(type)): \(problem)") }
        policies.ownAdapters.adding(adapter)
    }
}

extension MappingConfiguration {
    /// Converts every value of `type` with `adapter` in this type and the nested types that
    /// choose none for `type` (see ``Builder/convert(_:using:fileID:line:)``).
    ///
    /// ```swift
    /// var configuration = Repository.mappingConfiguration
    /// configuration.convert(Date.self, using: .iso8601)
    /// ```
    public mutating func convert<Value>(_ type: Value.Type, using adapter: Adapter<Value>) {
        rules = rules.with { $0.ownAdapters.adding(adapter) }
    }
}

/// An adapter for every value of one type, as a ``Mapper`` applies it to each type it maps that
/// chooses none of its own for that type.
///
/// ```swift
/// let stripe = Mapper(keyStrategy: .snakeCase, valueStrategies: [.convert(Date.self, using: .unixSeconds)])
/// ```
public struct ValueStrategy: Sendable {
    let adapters: ValueAdapters

    /// Every value of `type` converted with `adapter`.
    ///
    /// ```swift
    /// ValueStrategy.convert(Date.self, using: .iso8601)
    /// ```
    public static func convert<Value>(_ type: Value.Type, using adapter: Adapter<Value>) -> ValueStrategy {
        ValueStrategy(adapters: ValueAdapters(adapter))
    }
}
