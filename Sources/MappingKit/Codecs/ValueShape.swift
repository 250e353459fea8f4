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
    /// The codec that made this shape, when it tells a format something of its own (a nested
    /// model, a store's relationship): the format asks it for that format's protocol, in the
    /// format's folder, so the codec needs no pointer to any format.
    let source: (any Sendable)?

    private init(
        _ kind: Kind, inner: ValueShape? = nil, decodable: (any Decodable.Type)? = nil,
        source: (any Sendable)? = nil
    ) {
        self.kind = kind
        self.inner = inner
        self.decodable = decodable
        self.source = source
    }

    /// This shape, told by `source`.
    func from(_ source: any Sendable) -> ValueShape {
        ValueShape(kind, inner: inner, decodable: decodable, source: source)
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
    /// A nested model, told by its codec (`MappableCodec`, which a format asks for the model's plan).
    static func model(_ codec: any Sendable) -> ValueShape { ValueShape(.model, source: codec) }
    static func decodable(_ type: any Decodable.Type) -> ValueShape { ValueShape(.decodable, decodable: type) }
}
