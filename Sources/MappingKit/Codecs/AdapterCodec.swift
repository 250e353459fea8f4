/// An adapter made of closures.
struct ClosureCodec<Value>: ValueCodec {
    let decoder: @Sendable (Any, MappingContext) throws -> Value
    let encoder: @Sendable (Value, MappingContext) throws -> Any
    /// What the adapter reads, when it says (a typed input's, or a built-in adapter's).
    var codableShape: CodableShape = .untyped

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try decoder(input, context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try encoder(value, context)
    }
}
