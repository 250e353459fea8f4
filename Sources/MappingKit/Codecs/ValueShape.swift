import Foundation

/// What a codec reads, told by the codec itself: the kind of scalar, or the structure around
/// its values (an optional, an array, a dictionary, a nested model), so that the formats need
/// not guess from the Swift type. The Codable bridge asks a `Decoder` for exactly that first
/// (`decode(Int.self, forKey:)`), and only when the decoder holds something else reads the value
/// by probing; a store keeps a value in the column kind it says; a plan finds the nested models
/// among its fields. Either way the codec then decides, as it does for a dictionary value: a
/// shape is a hint for speed, never a conversion of its own.
///
/// A class, not an indirect enum: plans keep their shapes for the life of the process, and an
/// enum's boxes are referenced through tagged pointers that LeakSanitizer cannot follow.
final class ValueShape: @unchecked Sendable {
    enum Kind {
        /// Read by probing (``CodableInput``): `null`, Bool, integers, Double, String,
        /// containers, then `Date` and `Data`.
        case untyped
        case bool, int, double, string, decimal, date, data
        /// ``inner``, or `null`.
        case optional
        /// An array (or set) of ``inner``.
        case array
        /// A dictionary of ``inner``.
        case dictionary
        /// A nested model: its plan tells the shapes of its keys.
        case model
        /// A `Decodable` type read by the decoder itself (the coder's own strategies apply).
        case decodable
    }

    let kind: Kind
    let inner: ValueShape?
    let decodable: (any Decodable.Type)?
    /// The model of a nested model's shape (``Kind/model``): a format finds its plan from the
    /// type, with nothing to ask of the codec.
    let model: (any Mappable.Type)?
    /// The model a foreign key refers to (a relationship's values, read by probing): a store
    /// keeps a reference column, an import notes the key.
    let referenced: (any Mappable.Type)?

    private init(
        _ kind: Kind, inner: ValueShape? = nil, decodable: (any Decodable.Type)? = nil,
        model: (any Mappable.Type)? = nil, referenced: (any Mappable.Type)? = nil
    ) {
        self.kind = kind
        self.inner = inner
        self.decodable = decodable
        self.model = model
        self.referenced = referenced
    }

    static let untyped = ValueShape(.untyped)
    static let bool = ValueShape(.bool)
    static let int = ValueShape(.int)
    static let double = ValueShape(.double)
    static let string = ValueShape(.string)
    static let decimal = ValueShape(.decimal)
    static let date = ValueShape(.date)
    static let data = ValueShape(.data)

    static func optional(_ wrapped: ValueShape) -> ValueShape { ValueShape(.optional, inner: wrapped) }
    static func array(_ element: ValueShape) -> ValueShape { ValueShape(.array, inner: element) }
    static func dictionary(_ value: ValueShape) -> ValueShape { ValueShape(.dictionary, inner: value) }
    /// A nested model of type `model`, mapped through its plan.
    static func model(_ model: any Mappable.Type) -> ValueShape { ValueShape(.model, model: model) }
    /// A foreign key to a `model`, read by probing.
    static func reference(to model: any Mappable.Type) -> ValueShape { ValueShape(.untyped, referenced: model) }
    static func decodable(_ type: any Decodable.Type) -> ValueShape { ValueShape(.decodable, decodable: type) }
}
