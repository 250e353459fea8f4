import Foundation

/// Chooses the codec for a property type, once, when a plan is compiled.
enum CodecFactory {
    /// The codec for `type`; one that reports the type as unsupported when there is none.
    static func codec<Value>(for type: Value.Type) -> any ValueCodec<Value> {
        supportedCodec(for: type) ?? UnsupportedCodec<Value>()
    }

    /// The codec for `type`, or `nil` when MappingKit has no conversion for it.
    static func supportedCodec<Value>(for type: Value.Type) -> (any ValueCodec<Value>)? {
        (scalarCodec(for: type) ?? structuredCodec(for: type)) as? any ValueCodec<Value>
    }

    private static func scalarCodec(for type: Any.Type) -> Any? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): IntegerCodec<Int>()
        case ObjectIdentifier(Int8.self): IntegerCodec<Int8>()
        case ObjectIdentifier(Int16.self): IntegerCodec<Int16>()
        case ObjectIdentifier(Int32.self): IntegerCodec<Int32>()
        case ObjectIdentifier(Int64.self): IntegerCodec<Int64>()
        case ObjectIdentifier(Int128.self): IntegerCodec<Int128>()
        case ObjectIdentifier(UInt.self): IntegerCodec<UInt>()
        case ObjectIdentifier(UInt8.self): IntegerCodec<UInt8>()
        case ObjectIdentifier(UInt16.self): IntegerCodec<UInt16>()
        case ObjectIdentifier(UInt32.self): IntegerCodec<UInt32>()
        case ObjectIdentifier(UInt64.self): IntegerCodec<UInt64>()
        case ObjectIdentifier(UInt128.self): IntegerCodec<UInt128>()
        case ObjectIdentifier(Double.self): FloatingPointCodec<Double>()
        case ObjectIdentifier(Float.self): FloatingPointCodec<Float>()
        case ObjectIdentifier(Bool.self): BoolCodec()
        case ObjectIdentifier(String.self): StringCodec()
        case ObjectIdentifier(URL.self): StringFormCodec.url
        case ObjectIdentifier(UUID.self): StringFormCodec.uuid
        case ObjectIdentifier(Any.self): PassThroughCodec<Any>(expected: "a value")
        case ObjectIdentifier([String: Any].self): PassThroughCodec<[String: Any]>(expected: "Dictionary")
        case ObjectIdentifier([Any].self): PassThroughCodec<[Any]>(expected: "Array")
        default: nil
        }
    }

    private static func structuredCodec(for type: Any.Type) -> Any? {
        if let container = type as? any ContainerCodecProviding.Type {
            return container.makeCodec()
        }
        if let model = type as? any Mappable.Type {
            func make<Model: Mappable>(_: Model.Type) -> Any { MappableCodec<Model>() }
            return make(model)
        }
        if let represented = type as? any RawRepresentable.Type {
            func make<Represented: RawRepresentable>(_: Represented.Type) -> Any? {
                supportedCodec(for: Represented.RawValue.self).map { RawRepresentableCodec<Represented>(raw: $0) }
            }
            return make(represented)
        }
        return nil
    }
}

/// Generic containers build their codec from their element type's codec.
protocol ContainerCodecProviding {
    static func makeCodec() -> Any?
}

extension Optional: ContainerCodecProviding {
    static func makeCodec() -> Any? {
        CodecFactory.supportedCodec(for: Wrapped.self).map { OptionalCodec<Wrapped>(wrapped: $0) }
    }
}

extension Array: ContainerCodecProviding {
    static func makeCodec() -> Any? {
        CodecFactory.supportedCodec(for: Element.self).map { ArrayCodec<Element>(element: $0) }
    }
}

extension Set: ContainerCodecProviding {
    static func makeCodec() -> Any? {
        CodecFactory.supportedCodec(for: Element.self).map { SetCodec<Element>(element: $0) }
    }
}

extension Dictionary: ContainerCodecProviding where Key == String {
    static func makeCodec() -> Any? {
        CodecFactory.supportedCodec(for: Value.self).map { DictionaryCodec<Value>(value: $0) }
    }
}
