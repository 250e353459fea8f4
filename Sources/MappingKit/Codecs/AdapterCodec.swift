/// An adapter made of closures.
struct ClosureCodec<Value>: ValueCodec {
    let decoder: @Sendable (Any, MappingContext) throws -> Value
    let encoder: @Sendable (Value, MappingContext) throws -> Any

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        try decoder(input, context)
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        try encoder(value, context)
    }
}
