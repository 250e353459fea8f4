import Foundation

/// Chooses the codec for a property type, once, when a plan is compiled.
enum CodecFactory {
    /// The codec for `type`; one that reports the type as unsupported when there is none.
    /// Made once per type and mode: adapters over a typed input ask for it whenever a plan is
    /// bound to them.
    static func codec<Value>(for type: Value.Type, mode: CoercionMode = .lossless) -> any ValueCodec<Value> {
        let key = CacheKey(type: ObjectIdentifier(type), mode: mode)
        if let box = made.withLock({ $0[key] }) as? CodecBox<Value> { return box.codec }
        let codec = supportedCodec(for: type, mode: mode) ?? UnsupportedCodec<Value>()
        made.withLock { $0[key] = CodecBox(codec) }
        return codec
    }

    private struct CacheKey: Hashable {
        let type: ObjectIdentifier
        let mode: CoercionMode
    }

    /// Codecs made so far, as `CodecBox`es; a program has a fixed set of property types.
    private static let made = Locked<[CacheKey: AnyObject]>([:])

    /// The codec for `type`, or `nil` when MappingKit has no conversion for it.
    static func supportedCodec<Value>(for type: Value.Type, mode: CoercionMode = .lossless) -> (any ValueCodec<Value>)? {
        (scalarCodec(for: type, mode: mode) ?? structuredCodec(for: type, mode: mode)) as? any ValueCodec<Value>
    }

    private static func scalarCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): IntCodec(general: IntegerCodec<Int>(mode: mode))
        case ObjectIdentifier(Int8.self): IntegerCodec<Int8>(mode: mode)
        case ObjectIdentifier(Int16.self): IntegerCodec<Int16>(mode: mode)
        case ObjectIdentifier(Int32.self): IntegerCodec<Int32>(mode: mode)
        case ObjectIdentifier(Int64.self): IntegerCodec<Int64>(mode: mode)
        case ObjectIdentifier(Int128.self): IntegerCodec<Int128>(mode: mode)
        case ObjectIdentifier(UInt.self): IntegerCodec<UInt>(mode: mode)
        case ObjectIdentifier(UInt8.self): IntegerCodec<UInt8>(mode: mode)
        case ObjectIdentifier(UInt16.self): IntegerCodec<UInt16>(mode: mode)
        case ObjectIdentifier(UInt32.self): IntegerCodec<UInt32>(mode: mode)
        case ObjectIdentifier(UInt64.self): IntegerCodec<UInt64>(mode: mode)
        case ObjectIdentifier(UInt128.self): IntegerCodec<UInt128>(mode: mode)
        case ObjectIdentifier(Double.self): DoubleCodec(general: FloatingPointCodec<Double>(mode: mode))
        case ObjectIdentifier(Float.self): FloatingPointCodec<Float>(mode: mode)
        case ObjectIdentifier(Bool.self): BoolCodec(mode: mode)
        case ObjectIdentifier(String.self): StringCodec(mode: mode)
        case ObjectIdentifier(Decimal.self): DecimalCodec()
        case ObjectIdentifier(URL.self): StringFormCodec.url
        case ObjectIdentifier(UUID.self): StringFormCodec.uuid
        case ObjectIdentifier(Any.self): AnyValueCodec()
        case ObjectIdentifier([String: Any].self): UntypedDictionaryCodec()
        case ObjectIdentifier([Any].self): UntypedArrayCodec()
        default: nil
        }
    }

    private static func structuredCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        if let container = type as? any ContainerCodecProviding.Type {
            return container.makeCodec(mode: mode)
        }
        if let model = type as? any Mappable.Type {
            func make<Model: Mappable>(_: Model.Type) -> Any { MappableCodec<Model>() }
            return make(model)
        }
        if let represented = type as? any RawRepresentable.Type {
            func make<Represented: RawRepresentable>(_: Represented.Type) -> Any? {
                supportedCodec(for: Represented.RawValue.self, mode: mode).map { RawRepresentableCodec<Represented>(raw: $0) }
            }
            return make(represented)
        }
        return nil
    }
}

/// Generic containers build their codec from their element type's codec.
protocol ContainerCodecProviding {
    static func makeCodec(mode: CoercionMode) -> Any?
}

extension Optional: ContainerCodecProviding {
    static func makeCodec(mode: CoercionMode) -> Any? {
        CodecFactory.supportedCodec(for: Wrapped.self, mode: mode).map { OptionalCodec<Wrapped>.codec(wrapping: $0) }
    }
}

extension Array: ContainerCodecProviding {
    static func makeCodec(mode: CoercionMode) -> Any? {
        CodecFactory.supportedCodec(for: Element.self, mode: mode).map { ArrayCodec<Element>(element: $0, mode: mode) }
    }
}

extension Set: ContainerCodecProviding {
    static func makeCodec(mode: CoercionMode) -> Any? {
        CodecFactory.supportedCodec(for: Element.self, mode: mode).map { SetCodec<Element>(element: $0, mode: mode) }
    }
}

extension Dictionary: ContainerCodecProviding where Key == String {
    static func makeCodec(mode: CoercionMode) -> Any? {
        CodecFactory.supportedCodec(for: Value.self, mode: mode).map { DictionaryCodec<Value>(value: $0) }
    }
}
