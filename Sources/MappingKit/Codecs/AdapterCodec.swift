/// An adapter made of closures. An error a closure throws that is not a `MappingError` (your
/// own) is reported as the adapter's, with the value it was given.
struct ClosureCodec<Value>: ValueCodec {
    /// The adapter's name, for messages.
    let name: String
    let decoder: @Sendable (Any, MappingContext) throws -> Value
    let encoder: @Sendable (Value, MappingContext) throws -> Any
    /// What the adapter reads, when it says (a typed input's, or a built-in adapter's).
    var codableShape: CodableShape = .untyped

    func decode(_ input: Any, in context: MappingContext) throws -> Value {
        do {
            return try decoder(input, context)
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.adapterFailed(adapter: name, found: ValueDescription.describe(input), underlying: error))
        }
    }

    func encode(_ value: Value, in context: MappingContext) throws -> Any? {
        do {
            return try encoder(value, context)
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.adapterFailed(adapter: name, found: ValueDescription.describe(value), underlying: error))
        }
    }
}
