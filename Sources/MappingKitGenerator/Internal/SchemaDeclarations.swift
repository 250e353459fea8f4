/// What ``SchemaReader`` makes of a schema document, for ``SchemaSourceWriter`` to write: the
/// types in the order they are written.
enum SchemaDeclaration {
    case model(Model)
    case rawEnum(RawEnum)
    case tagged(Tagged)
    /// The protocol the types a ``TypeChoice`` chooses among conform to.
    case choice(name: String)

    /// A `Mappable` model.
    struct Model {
        struct Property {
            var name: String
            /// The type, `?` included for an optional.
            var type: String
            /// The initial value's Swift expression; `nil` for an optional that starts `nil`.
            var initial: String?
        }

        var name: String
        /// The definition it comes from (`` `Address` ``); empty for the document's root.
        var origin: String
        var properties: [Property] = []
        /// The `map.…` lines of its configuration.
        var configuration: [String] = []
        /// The protocols it conforms to beside `Mappable`: the choices it is one of.
        var conformances: [String] = []
        /// The `@available` attribute its properties' types need, if any.
        var availability: String?
    }

    /// A raw-value enum, `CaseIterable` so that its schema lists its values.
    struct RawEnum {
        var name: String
        /// `String` or `Int`.
        var rawType: String
        /// Each case's name and raw value, as generated code spells it.
        var cases: [(name: String, raw: String)]
    }

    /// A ``TaggedEnum``.
    struct Tagged {
        var name: String
        /// Each case's declaration after `case`: `circle(radius: Double)`, `empty`.
        var cases: [String]
        /// The `tagging` expression; `nil` for the default (externally tagged).
        var tagging: String?
    }

    var name: String {
        switch self {
        case .model(let model): model.name
        case .rawEnum(let rawEnum): rawEnum.name
        case .tagged(let tagged): tagged.name
        case .choice(let name): name
        }
    }
}
