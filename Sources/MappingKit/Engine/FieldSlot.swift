/// One property of a plan: where it lives, which key feeds it, how its value converts, and the
/// defaults and requirements that apply to it.
///
/// Decoding never writes to the model directly: values go to a staging buffer laid out like the
/// model. Committing swaps them with the model's, so the old values can be put back if a hook
/// fails afterwards; a failed update changes nothing.
protocol FieldSlot: Sendable {
    /// The property's name in source.
    var name: String { get }
    var keys: FieldKeys { get }
    /// One past the last byte the property occupies, from the start of the model.
    var endOffset: Int { get }
    var alignment: Int { get }

    /// Stages the value for `input` (`nil`: the key is absent) and says whether it staged one.
    func decode(_ input: Any?, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws -> Bool
    /// Exchanges the staged value with the model's.
    func swap(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer)
    /// Destroys the value in the staging buffer.
    func discard(_ staging: UnsafeMutableRawPointer)
    /// Copies the model's current value into `backup`.
    func back(up model: UnsafeMutableRawPointer, into backup: UnsafeMutableRawPointer)
    /// Moves the value in `backup` back into the model.
    func restore(_ model: UnsafeMutableRawPointer, from backup: UnsafeMutableRawPointer)
    func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any?
}

/// A property of type `Value` at `offset`.
final class TypedField<Value>: FieldSlot {
    let name: String
    let keys: FieldKeys
    let offset: Int
    let codec: any ValueCodec<Value>
    let defaults: FieldDefaults
    let requirements: [Requirement<Value>]

    init(
        name: String,
        keys: FieldKeys,
        offset: Int,
        codec: any ValueCodec<Value>,
        defaults: FieldDefaults = FieldDefaults(),
        requirements: [Requirement<Value>] = []
    ) {
        self.name = name
        self.keys = keys
        self.offset = offset
        self.codec = codec
        self.defaults = defaults
        self.requirements = requirements
    }

    var endOffset: Int { offset + MemoryLayout<Value>.size }
    var alignment: Int { MemoryLayout<Value>.alignment }

    func decode(_ input: Any?, into staging: UnsafeMutableRawPointer, in context: MappingContext) throws -> Bool {
        guard let input else {
            // Unwrap first: `nil as? Value` succeeds when `Value` is itself an `Optional`.
            guard let missing = defaults.whenMissing, let fallback = missing as? Value else {
                try check(nil, found: "nothing")
                return false
            }
            try check(fallback, found: "nothing")
            return stage(fallback, in: staging)
        }
        if let null = defaults.whenNull, InputValue.isNull(input), let fallback = null as? Value {
            try check(fallback, found: "null")
            return stage(fallback, in: staging)
        }
        let value = try codec.decode(input, in: context)
        if !requirements.isEmpty {
            try check(InputValue.isNull(input) ? nil : value, found: ValueDescription.describe(input))
        }
        return stage(value, in: staging)
    }

    private func stage(_ value: Value, in staging: UnsafeMutableRawPointer) -> Bool {
        (staging + offset).initializeMemory(as: Value.self, to: value)
        return true
    }

    /// Every requirement must hold for `value` (`nil`: absent or null).
    private func check(_ value: Value?, found: @autoclosure () -> String) throws {
        for requirement in requirements where !requirement.isMet(by: value) {
            throw MappingError(.unmetRequirement(requirement.description, found: found()))
        }
    }

    func swap(_ staging: UnsafeMutableRawPointer, _ model: UnsafeMutableRawPointer) {
        Swift.swap(
            &(staging + offset).assumingMemoryBound(to: Value.self).pointee,
            &(model + offset).assumingMemoryBound(to: Value.self).pointee
        )
    }

    func discard(_ staging: UnsafeMutableRawPointer) {
        (staging + offset).assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    func back(up model: UnsafeMutableRawPointer, into backup: UnsafeMutableRawPointer) {
        (backup + offset).initializeMemory(as: Value.self, to: (model + offset).assumingMemoryBound(to: Value.self).pointee)
    }

    func restore(_ model: UnsafeMutableRawPointer, from backup: UnsafeMutableRawPointer) {
        (model + offset).assumingMemoryBound(to: Value.self).pointee = (backup + offset).assumingMemoryBound(to: Value.self).move()
    }

    func encode(from model: UnsafeRawPointer, in context: MappingContext) throws -> Any? {
        try codec.encode((model + offset).assumingMemoryBound(to: Value.self).pointee, in: context)
    }
}

/// Values a property takes when its key is absent, or its value null.
struct FieldDefaults: Sendable {
    var whenMissing: (any Sendable)?
    var whenNull: (any Sendable)?
}
