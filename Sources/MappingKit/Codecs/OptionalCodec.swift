import Foundation

/// `Wrapped?`: `null` (`NSNull`, or a Swift `nil` inside an `Any`) is `nil`; anything else must
/// be a `Wrapped`. A `nil` property is left out of the dictionary representation.
struct OptionalCodec<Wrapped>: ValueCodec {
    let wrapped: any ValueCodec<Wrapped>

    func decode(_ input: Any, in context: MappingContext) throws -> Wrapped? {
        if InputValue.isNSNull(input) { return nil }
        do {
            return try wrapped.decode(input, in: context)
        } catch {
            if InputValue.isNull(input) { return nil }
            throw error
        }
    }

    func encode(_ value: Wrapped?, in context: MappingContext) throws -> Any? {
        guard let value else { return nil }
        return try wrapped.encode(value, in: context)
    }
}
