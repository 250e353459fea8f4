import Foundation

/// Chooses the codec for a property type, once, when a plan is compiled.
enum CodecFactory {
    /// The codec for `type`; one that reports the type as unsupported when there is none.
    /// Made once per type and mode: adapters over a typed input ask for it whenever a plan is
    /// bound to them.
    static func codec<Value>(for type: Value.Type, mode: CoercionMode = .lossless) -> Codec<Value> {
        let key = CacheKey(type: ObjectIdentifier(type), mode: mode)
        // The entry under `Value`'s key is the `Codec<Value>` stored below, so it needs no
        // checked cast (which looks up `Codec<Value>`'s metadata: a tenth of a plan's compile).
        // Debug builds check it anyway.
        if let codec = made.withLock({ $0[key] }) { return unsafeDowncast(codec, to: Codec<Value>.self) }
        let codec = supportedBox(for: type, mode: mode) ?? Codec.erasing(UnsupportedCodec<Value>())
        made.withLock { $0[key] = codec }
        return codec
    }

    private struct CacheKey: Hashable {
        let type: ObjectIdentifier
        let mode: CoercionMode
    }

    /// Codecs made so far, as `CodecBox`es; a program has a fixed set of property types.
    private static let made = Locked<[CacheKey: AnyObject]>([:])

    /// The codec for `type`, or `nil` when MappingKit has no conversion for it.
    static func supportedCodec<Value>(for type: Value.Type, mode: CoercionMode = .lossless) -> (Codec<Value>)? {
        supportedBox(for: type, mode: mode)
    }

    /// The same in its box. Every codec below is boxed where its type is known, and found again
    /// by casting to the box's class: casting to `Codec<Value>` instead would ask the
    /// runtime whether the codec's type conforms, which the first time scans every conformance
    /// in the process.
    private static func supportedBox<Value>(for type: Value.Type, mode: CoercionMode) -> Codec<Value>? {
        (scalarCodec(for: type, mode: mode) ?? structuredCodec(for: type, mode: mode)) as? Codec<Value>
    }

    /// `true` when MappingKit converts `type` with a codec of its own (a scalar, a container of
    /// such, a model, a raw-representable type), not through its `Codable` conformance: what a
    /// property wrapper's storage never is.
    static func isBuiltIn(_ type: Any.Type) -> Bool {
        if scalarCodec(for: type, mode: .lossless) != nil || type is any Mappable.Type || type is any TaggedEnum.Type { return true }
        if let container = type as? any ContainerCodecProviding.Type { return container.elementTypes.allSatisfy(isBuiltIn) }
        if let represented = type as? any RawRepresentable.Type {
            func raw<Represented: RawRepresentable>(_: Represented.Type) -> Any.Type { Represented.RawValue.self }
            return isBuiltIn(raw(represented))
        }
        return false
    }

    private static func scalarCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): Codec.erasing(IntCodec(general: IntegerCodec<Int>(mode: mode)))
        case ObjectIdentifier(Int8.self): Codec.erasing(IntegerCodec<Int8>(mode: mode))
        case ObjectIdentifier(Int16.self): Codec.erasing(IntegerCodec<Int16>(mode: mode))
        case ObjectIdentifier(Int32.self): Codec.erasing(IntegerCodec<Int32>(mode: mode))
        case ObjectIdentifier(Int64.self): Codec.erasing(IntegerCodec<Int64>(mode: mode))
        case ObjectIdentifier(UInt.self): Codec.erasing(IntegerCodec<UInt>(mode: mode))
        case ObjectIdentifier(UInt8.self): Codec.erasing(IntegerCodec<UInt8>(mode: mode))
        case ObjectIdentifier(UInt16.self): Codec.erasing(IntegerCodec<UInt16>(mode: mode))
        case ObjectIdentifier(UInt32.self): Codec.erasing(IntegerCodec<UInt32>(mode: mode))
        case ObjectIdentifier(UInt64.self): Codec.erasing(IntegerCodec<UInt64>(mode: mode))
        case ObjectIdentifier(Double.self): Codec.erasing(DoubleCodec(general: FloatingPointCodec<Double>(mode: mode)))
        case ObjectIdentifier(Float.self): Codec.erasing(FloatingPointCodec<Float>(mode: mode))
        case ObjectIdentifier(CGFloat.self): Codec.erasing(CGFloatCodec(double: DoubleCodec(general: FloatingPointCodec<Double>(mode: mode))))
        case ObjectIdentifier(Bool.self): Codec.erasing(BoolCodec(mode: mode))
        case ObjectIdentifier(String.self): Codec.erasing(StringCodec(mode: mode))
        case ObjectIdentifier(Decimal.self): Codec.erasing(DecimalCodec())
        case ObjectIdentifier(NSNumber.self): Codec.erasing(NSNumberCodec(mode: mode))
        case ObjectIdentifier(NSDecimalNumber.self): Codec.erasing(NSDecimalNumberCodec())
        case ObjectIdentifier(URL.self): Codec.erasing(StringFormCodec.url(mode: mode))
        case ObjectIdentifier(UUID.self): Codec.erasing(StringFormCodec.uuid)
        case ObjectIdentifier(Date.self): Codec.erasing(NativeValueCodec.date)
        case ObjectIdentifier(Data.self): Codec.erasing(NativeValueCodec.data)
        case ObjectIdentifier(Any.self): Codec.erasing(AnyValueCodec())
        case ObjectIdentifier([String: Any].self): Codec.erasing(UntypedDictionaryCodec())
        case ObjectIdentifier([Any].self): Codec.erasing(UntypedArrayCodec())
        case ObjectIdentifier(UnmappedValues.self):
            Codec.erasing(ConvertedCodec(stored: Codec.erasing(UntypedDictionaryCodec()), conversion: UnmappedValues.conversion))
        default:
            OlderReleases.int128Codec(for: type, mode: mode) ?? commonContainerCodec(for: type, mode: mode)
                ?? foundationCodec(for: type, mode: mode) ?? convertedCodec(for: type)
        }
    }

    /// The types kept as another type's values (``ConvertedValue``), on the releases that have them.
    private static func convertedCodec(for type: Any.Type) -> Any? {
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            if type == Duration.self {
                return Codec.erasing(ConvertedCodec(stored: Codec.erasing(DecimalCodec()), conversion: Duration.conversion))
            }
        }
        return nil
    }

    /// Optionals and arrays of the commonest leaf types, found without asking the runtime
    /// whether the type conforms to a protocol: the first such question about a type scans
    /// every conformance in the process, which costs more than compiling the rest of a plan.
    private static func commonContainerCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int?.self): Int?.makeCodec(mode: mode)
        case ObjectIdentifier(String?.self): String?.makeCodec(mode: mode)
        case ObjectIdentifier(Bool?.self): Bool?.makeCodec(mode: mode)
        case ObjectIdentifier(Double?.self): Double?.makeCodec(mode: mode)
        case ObjectIdentifier([Int].self): [Int].makeCodec(mode: mode)
        case ObjectIdentifier([String].self): [String].makeCodec(mode: mode)
        case ObjectIdentifier([Bool].self): [Bool].makeCodec(mode: mode)
        case ObjectIdentifier([Double].self): [Double].makeCodec(mode: mode)
        default: nil
        }
    }

    private static func structuredCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        if let container = type as? any ContainerCodecProviding.Type {
            return container.makeCodec(mode: mode)
        }
        if let model = type as? any Mappable.Type {
            func make<Model: Mappable>(_: Model.Type) -> Any { Codec.erasing(MappableCodec<Model>()) }
            return make(model)
        }
        if let represented = type as? any RawRepresentable.Type {
            func make<Represented: RawRepresentable>(_: Represented.Type) -> Any? {
                supportedCodec(for: Represented.RawValue.self, mode: mode).map { Codec.erasing(RawRepresentableCodec<Represented>(raw: $0)) }
            }
            return make(represented)
        }
        // After the raw-value enums: a conformance asked about for the first time scans every
        // conformance in the process, and only a type no other codec takes pays for this one.
        if let tagged = type as? any TaggedEnum.Type {
            func make<Tagged: TaggedEnum>(_: Tagged.Type) -> Any { Codec.erasing(TaggedEnumCodec<Tagged>(mode: mode)) }
            return make(tagged)
        }
        if let codable = type as? any Codable.Type {
            func make<Value: Codable>(_: Value.Type) -> Any { Codec.erasing(CodableCodec<Value>()) }
            return make(codable)
        }
        return nil
    }
}

/// Where a container's element codec comes from: the factory's own (``SupportedElements``), or
/// one with adapters on the way (`ValueAdapters.swift`).
protocol ElementCodecs {
    func codec<Element>(for type: Element.Type, mode: CoercionMode) -> Codec<Element>?
}

/// The factory's codec for each element type.
struct SupportedElements: ElementCodecs {
    func codec<Element>(for type: Element.Type, mode: CoercionMode) -> Codec<Element>? {
        CodecFactory.supportedCodec(for: type, mode: mode)
    }
}

/// Generic containers build their codec (in its ``CodecBox``) from their element type's codec.
protocol ContainerCodecProviding {
    /// The container's codec around the codec `elements` gives its element type; `nil` when
    /// that gives none.
    static func makeCodec<Elements: ElementCodecs>(mode: CoercionMode, elements: Elements) -> Any?
    /// The types of what the container holds.
    static var elementTypes: [Any.Type] { get }
}

extension ContainerCodecProviding {
    /// The container's codec around the factory's codec for its elements.
    static func makeCodec(mode: CoercionMode) -> Any? {
        makeCodec(mode: mode, elements: SupportedElements())
    }
}

extension Optional: ContainerCodecProviding {
    static var elementTypes: [Any.Type] { [Wrapped.self] }

    static func makeCodec<Elements: ElementCodecs>(mode: CoercionMode, elements: Elements) -> Any? {
        elements.codec(for: Wrapped.self, mode: mode).map { OptionalCodec<Wrapped>.box(wrapping: $0) }
    }
}

extension Array: ContainerCodecProviding {
    static var elementTypes: [Any.Type] { [Element.self] }

    static func makeCodec<Elements: ElementCodecs>(mode: CoercionMode, elements: Elements) -> Any? {
        elements.codec(for: Element.self, mode: mode).map { Codec.erasing(ArrayCodec<Element>(element: $0, mode: mode)) }
    }
}

/// Arrays and sets: the containers one value can be boxed into.
protocol ArrayLikeCodecProviding {}
extension Array: ArrayLikeCodecProviding {}
extension Set: ArrayLikeCodecProviding {}

extension Set: ContainerCodecProviding {
    static var elementTypes: [Any.Type] { [Element.self] }

    static func makeCodec<Elements: ElementCodecs>(mode: CoercionMode, elements: Elements) -> Any? {
        elements.codec(for: Element.self, mode: mode).map { Codec.erasing(SetCodec<Element>(element: $0, mode: mode)) }
    }
}

extension Dictionary: ContainerCodecProviding where Key == String {
    static var elementTypes: [Any.Type] { [Value.self] }

    static func makeCodec<Elements: ElementCodecs>(mode: CoercionMode, elements: Elements) -> Any? {
        elements.codec(for: Value.self, mode: mode).map { Codec.erasing(DictionaryCodec<Value>(value: $0)) }
    }
}

extension CodecFactory {
    /// `codec`, reading a value it cannot convert as `fallback` when there is one.
    static func codec<Value>(_ codec: Codec<Value>, invalidDefault fallback: (any Sendable)?) -> Codec<Value> {
        guard let fallback else { return codec }
        return Codec.erasing(InvalidDefaultCodec(wrapped: codec, fallback: fallback))
    }

    /// `codec` under the yes-or-no policies that change a value's codec, each around the one
    /// before: one value read as an array's only element (``TreeFlag/singleValuesAsArrays``,
    /// where `codec` reads an array or a set, through an optional), a collection's elements that
    /// do not convert left out (``TreeFlag/lossyCollections``, its lossy twin), empty text read
    /// as `nil` (``TreeFlag/emptyStringsAsNil``, where `Value` is optional). The one place a
    /// field, a configuration's property without rules and a tagged payload's value get them.
    static func codec<Value>(_ codec: Codec<Value>, flags: TreeFlag) -> Codec<Value> {
        guard !flags.isEmpty else { return codec }
        var codec = codec
        if flags.contains(.singleValuesAsArrays), let twin = codec.boxingSingleValues { codec = twin }
        if flags.contains(.lossyCollections), let twin = codec.lossy { codec = twin }
        if flags.contains(.emptyStringsAsNil), let optional = Value.self as? any EmptyStringNullable.Type,
           let wrapped = optional.emptyStringAsNil(codec) as? Codec<Value> {
            codec = wrapped
        }
        return codec
    }

    /// `true` when `type` is an array, a set or a `[String: …]` dictionary, or an optional of one.
    static func holdsCollection(_ type: Any.Type) -> Bool {
        guard let container = type as? any ContainerCodecProviding.Type else { return false }
        guard type is any OptionalValue.Type else { return true }
        return container.elementTypes.first.map(holdsCollection) ?? false
    }

    /// `true` when `type` is an array or a set, or an optional of one.
    static func holdsArray(_ type: Any.Type) -> Bool {
        guard let container = type as? any ContainerCodecProviding.Type else { return false }
        guard type is any OptionalValue.Type else { return container is any ArrayLikeCodecProviding.Type }
        return container.elementTypes.first.map(holdsArray) ?? false
    }
}
