import Foundation

extension CodecFactory {
    /// The Foundation reference types, each through its Swift counterpart's codec; `nil` for
    /// any other type.
    static func foundationCodec(for type: Any.Type, mode: CoercionMode) -> Any? {
        func bridged<Value, Counterpart>(
            _: Value.Type, through counterpart: Codec<Counterpart>, _ make: @escaping @Sendable (Counterpart) -> Value,
            _ back: @escaping @Sendable (Value) -> Counterpart
        ) -> Any {
            var codec = BridgedCodec(counterpart: counterpart, typeName: ValueDescription.typeName(Value.self), make: make, counterpartOf: back)
            if Counterpart.self == [Any].self { codec.counterpartName = UntypedArrayCodec.expected }
            if Counterpart.self == [String: Any].self { codec.counterpartName = UntypedDictionaryCodec.expected }
            return Codec.erasing(codec)
        }
        // Made only for the type asked about: this runs for every type without a scalar codec.
        var string: Codec<String> { Codec.erasing(StringCodec(mode: mode)) }
        var untypedArray: Codec<[Any]> { codec(for: [Any].self, mode: mode) }
        var untypedSet: Codec<[Any]> { Codec.erasing(UntypedSetElementsCodec(elements: untypedArray)) }
        var untypedDictionary: Codec<[String: Any]> { codec(for: [String: Any].self, mode: mode) }
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(NSString.self): return bridged(NSString.self, through: string, { NSString(string: $0) }, { String($0) })
        case ObjectIdentifier(NSMutableString.self):
            return bridged(NSMutableString.self, through: string, { NSMutableString(string: $0) }, { String($0) })
        case ObjectIdentifier(NSURL.self):
            return bridged(NSURL.self, through: Codec.erasing(StringFormCodec.url(mode: mode)), { $0 as NSURL }, { $0 as URL })
        case ObjectIdentifier(NSData.self): return nsData(through: Codec.erasing(NativeValueCodec.data))
        case ObjectIdentifier(NSMutableData.self):
            return bridged(NSMutableData.self, through: Codec.erasing(NativeValueCodec.data), { NSMutableData(data: $0) }, { $0 as Data })
        case ObjectIdentifier(NSDate.self): return nsDate(through: Codec.erasing(NativeValueCodec.date))
        case ObjectIdentifier(NSArray.self): return bridged(NSArray.self, through: untypedArray, { NSArray(array: $0) }, { $0.map { $0 } })
        case ObjectIdentifier(NSMutableArray.self):
            return bridged(NSMutableArray.self, through: untypedArray, { NSMutableArray(array: $0) }, { $0.map { $0 } })
        case ObjectIdentifier(NSSet.self):
            return bridged(NSSet.self, through: untypedSet, { NSSet(array: $0) }, { $0.allObjects })
        case ObjectIdentifier(NSMutableSet.self):
            return bridged(NSMutableSet.self, through: untypedSet, { NSMutableSet(array: $0) }, { $0.allObjects })
        case ObjectIdentifier(NSNull.self): return Codec.erasing(NullCodec())
        case ObjectIdentifier(NSDictionary.self):
            return bridged(NSDictionary.self, through: untypedDictionary, { NSDictionary(dictionary: $0) }, { Self.swiftDictionary($0) })
        case ObjectIdentifier(NSMutableDictionary.self):
            return bridged(NSMutableDictionary.self, through: untypedDictionary, { NSMutableDictionary(dictionary: $0) }, { Self.swiftDictionary($0) })
        default: return nil
        }
    }

    /// `NSDate` through a `Date` codec (a date adapter's).
    static func nsDate(through date: Codec<Date>) -> Codec<NSDate> {
        Codec.erasing(BridgedCodec(counterpart: date, typeName: "NSDate", make: { $0 as NSDate }, counterpartOf: { $0 as Date }))
    }

    /// `NSData` through a `Data` codec (a data adapter's: `.base64`).
    static func nsData(through data: Codec<Data>) -> Codec<NSData> {
        Codec.erasing(BridgedCodec(counterpart: data, typeName: "NSData", make: { $0 as NSData }, counterpartOf: { $0 as Data }))
    }

    /// An `NSDictionary`'s string keys and values, as a Swift dictionary.
    private static func swiftDictionary(_ dictionary: NSDictionary) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dictionary {
            guard let key = key as? String else { continue }
            result[key] = value
        }
        return result
    }
}
