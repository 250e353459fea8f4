/// An adapter made of closures. An error a closure throws that is not a `MappingError` (your
/// own) is reported as the adapter's, with the value it was given.
struct ClosureCodec<Value>: ValueCodec {
    /// The adapter's name, for messages.
    let name: String
    let decoder: @Sendable (Any, MappingContext) throws -> Value
    let encoder: @Sendable (Value, MappingContext) throws -> Any
    /// What the adapter reads, when it says (a typed input's, or a built-in adapter's).
    var valueShape: ValueShape = .untyped
    /// How the text it writes encodes bytes (`base64`), when it is a built-in adapter that
    /// says: a JSON Schema's `contentEncoding`.
    var contentEncoding: String?

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try reporting(input) { try decoder(input, context) }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try reporting(value) { try encoder(value, context) as Any? }
    }

    /// Runs a closure of the adapter's on `value`; an error that is not a `MappingError` becomes
    /// the adapter's problem with that value.
    private func reporting<Result>(_ value: Any, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.adapterFailed(adapter: name, found: ValueDescription.describe(value), underlying: error))
        }
    }
}

// MARK: JSON Schema

extension ClosureCodec {
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        // A built-in adapter that writes text says so (`.base64`); any other closure may read
        // anything.
        guard valueShape.kind == .string else { return [:] }
        guard let contentEncoding else { return ["type": "string"] }
        var schema: [String: Any] = ["type": "string", "contentEncoding": contentEncoding]
        // `contentEncoding` is an annotation, which a validator need not check: the pattern of
        // the text `Data(base64Encoded:)` reads (padded, nothing else) says it.
        if contentEncoding == "base64" { schema["pattern"] = #"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"# }
        return schema
    }
}
