/// Which concrete model type a value hydrates as, for properties typed as a protocol or a
/// superclass.
///
/// ```swift
/// map.map(\.pet, choosing: .always(Dog.self))                                  // one concrete type
/// map.map(\.animals, choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))  // a discriminator
/// map.map(\.people, choosing: .by { $0["child_name"] != nil ? Child.self : Adult.self })
/// ```
///
/// With `byKey`, the dictionary representation writes the discriminator back.
public struct TypeChoice: Sendable {
    enum Rule: Sendable {
        case always(ModelType)
        case byKey(String, [String: ModelType])
        case by(@Sendable ([String: Any]) throws -> any Mappable.Type)
    }

    let rule: Rule
    let identity: RuleIdentity

    /// Every value hydrates as `type` (DHNObjectMapping's `withClass:`, EFDataMappingKit's
    /// `internalClass`).
    ///
    /// ```swift
    /// map.map(\.pet, choosing: .always(Dog.self))
    /// ```
    public static func always(_ type: any Mappable.Type) -> TypeChoice {
        TypeChoice(rule: .always(ModelType(type)), identity: RuleIdentity("always:\(type)"))
    }

    /// The value of `key` in each dictionary names its type; it is written back with the value.
    ///
    /// ```swift
    /// map.map(\.pet, choosing: .byKey("type", ["dog": Dog.self, "cat": Cat.self]))
    /// ```
    public static func byKey(_ key: String, _ types: [String: any Mappable.Type]) -> TypeChoice {
        let described = types.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        return TypeChoice(rule: .byKey(key, types.mapValues(ModelType.init)), identity: RuleIdentity("byKey:\(key):\(described)"))
    }

    /// `choose` picks the type from each incoming dictionary (XLYMapping's dynamic mapping).
    ///
    /// ```swift
    /// map.map(\.pet, choosing: .by { json in json["meows"] != nil ? Cat.self : Dog.self })
    /// ```
    public static func by(_ choose: @escaping @Sendable ([String: Any]) throws -> any Mappable.Type) -> TypeChoice {
        TypeChoice(rule: .by(choose), identity: .instance(of: "by"))
    }

    /// Every type the choice can make, for checking against the property's type.
    var candidates: [ModelType] {
        switch rule {
        case .always(let type): [type]
        case .byKey(_, let types): types.sorted { $0.key < $1.key }.map(\.value)
        case .by: []
        }
    }
}

/// A model metatype; metatypes are immutable, hence the unchecked sendability.
struct ModelType: @unchecked Sendable {
    let type: any Mappable.Type

    init(_ type: any Mappable.Type) {
        self.type = type
    }
}
