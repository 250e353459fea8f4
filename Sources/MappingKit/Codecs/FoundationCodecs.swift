import Foundation

/// A value written as a string: `URL` (as `absoluteString`), `UUID` (as `uuidString`). Takes the
/// string form, or the value itself.
struct StringFormCodec<Value>: ValueCodec {
    let typeName: String
    let parse: @Sendable (String) -> Value?
    let format: @Sendable (Value) -> String

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        if let string = input as? String {
            guard let value = parse(string) else {
                throw MappingError(.mismatch(expected: typeName, found: ValueDescription.describe(string)))
            }
            return value
        }
        if !InputValue.isUnsafeToBridge(input), let value = input as? Value { return value }
        return try mismatch(input, expected: typeName, in: context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        format(value)
    }

    /// A `URL` or `UUID` is taken as it is.
    var decodesUnchanged: Bool { true }
}

extension StringFormCodec where Value == URL {
    /// `URL(string:)` in, `absoluteString` out: what `URL(string:)` accepts (`JSONDecoder` reads
    /// URLs so), as long as the text written reads back as the same URL. The notation may
    /// change, the URL may not: `"https://example.com/a b"` is written `…/a%20b`, an
    /// international host in punycode. Under `.strict`, only text that is its URL's
    /// `absoluteString`.
    static func url(mode: CoercionMode) -> Self {
        Self(typeName: "URL", parse: { text in
            guard let url = URL(string: text) else { return nil }
            if url.absoluteString == text || mode == .lenient { return url }
            guard mode != .strict else { return nil }
            return URL(string: url.absoluteString) == url ? url : nil
        }, format: \.absoluteString)
    }

    static var url: Self { url(mode: .lossless) }
}

extension StringFormCodec where Value == UUID {
    /// Any-case `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` in, upper case out.
    static var uuid: Self { Self(typeName: "UUID", parse: { UUID(uuidString: $0) }, format: \.uuidString) }
}

extension StringFormCodec {
    /// What it reads, asked of a `Decoder` first (``CodableShape``).
    var codableShape: CodableShape { .string }
}
