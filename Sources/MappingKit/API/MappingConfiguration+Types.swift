extension MappingConfiguration.Builder {
    /// Hydrates a property typed as a protocol or a superclass as the type `choice` picks.
    ///
    /// ```swift
    /// map.map(\.pet, choosing: .always(Dog.self))
    /// map.map(\.animals, choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))
    /// ```
    ///
    /// Every type the choice names must be a `Value`; one that is not is a configuration error.
    public mutating func map<Value>(_ property: WritableKeyPath<Model, Value>, to keys: ExternalKey..., choosing choice: TypeChoice, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) { _ in Codec.erasing(PolymorphicCodec<Value>(choice: choice)) }
    }

    /// The same for an optional property: `null` clears it.
    ///
    /// ```swift
    /// map.map(\.pet, choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))   // pet: Animal?
    /// ```
    public mutating func map<Value>(_ property: WritableKeyPath<Model, Value?>, to keys: ExternalKey..., choosing choice: TypeChoice, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) { _ in
            Codec.erasing(OptionalCodec(wrapped: Codec.erasing(PolymorphicCodec<Value>(choice: choice))))
        }
    }

    /// The same for every element of an array property.
    ///
    /// ```swift
    /// map.map(\.pets, choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))   // pets: [Animal]
    /// ```
    public mutating func map<Value>(_ property: WritableKeyPath<Model, [Value]>, to keys: ExternalKey..., choosing choice: TypeChoice, fileID: String = #fileID, line: Int = #line) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) {
            Codec.erasing(ArrayCodec(element: Codec.erasing(PolymorphicCodec<Value>(choice: choice)), mode: $0))
        }
    }

    /// The same for every value of a dictionary property.
    ///
    /// ```swift
    /// map.map(\.petsByName, choosing: .always(Dog.self))   // petsByName: [String: Animal]
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, [String: Value]>,
        to keys: ExternalKey...,
        choosing choice: TypeChoice,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) { _ in
            Codec.erasing(DictionaryCodec(value: Codec.erasing(PolymorphicCodec<Value>(choice: choice))))
        }
    }

    /// The same for every element of an optional array property: `null` clears it.
    ///
    /// ```swift
    /// map.map(\.toys, choosing: .always(Car.self))   // toys: [any Toy]?
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, [Value]?>,
        to keys: ExternalKey...,
        choosing choice: TypeChoice,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) {
            Codec.erasing(OptionalCodec(wrapped: Codec.erasing(ArrayCodec(element: Codec.erasing(PolymorphicCodec<Value>(choice: choice)), mode: $0))))
        }
    }

    /// The same for every value of an optional dictionary property: `null` clears it.
    ///
    /// ```swift
    /// map.map(\.toysByName, choosing: .always(Car.self))   // toysByName: [String: any Toy]?
    /// ```
    public mutating func map<Value>(
        _ property: WritableKeyPath<Model, [String: Value]?>,
        to keys: ExternalKey...,
        choosing choice: TypeChoice,
        fileID: String = #fileID,
        line: Int = #line
    ) {
        callSite = "\(fileID):\(line)"
        setChoice(of: property, keys: keys, choice: choice, element: Value.self) { _ in
            Codec.erasing(OptionalCodec(wrapped: Codec.erasing(DictionaryCodec(value: Codec.erasing(PolymorphicCodec<Value>(choice: choice))))))
        }
    }

    private mutating func setChoice<Property, Element>(
        of property: WritableKeyPath<Model, Property>,
        keys: [ExternalKey],
        choice: TypeChoice,
        element: Element.Type,
        _ makeCodec: @escaping @Sendable (CoercionMode) -> Codec<Property>
    ) {
        if !keys.isEmpty { map(property, to: keys) }
        for candidate in choice.candidates where !Self.instance(of: candidate.type, is: Element.self) {
            record("\(candidate.type) is not a \(Element.self), so \(Self.displayName(of: property)) cannot hold it")
        }
        let index = ruleIndex(for: property)
        if rule(at: index).makeCodec != nil { record("\(Self.displayName(of: property)) is given two conversions") }
        if keys.isEmpty { checkNotIgnored(property, at: index, given: "mapped") }
        editRule(at: index) { rule in
            rule.makeCodec = { _, mode in Codec.erasing(makeCodec(mode)) }
            rule.adapterName = "type choice"
            rule.codec = choice.identity
        }
    }

    private static func instance<Element>(of type: any Mappable.Type, is _: Element.Type) -> Bool {
        type.init() is Element
    }
}
