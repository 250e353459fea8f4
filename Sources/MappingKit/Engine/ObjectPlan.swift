/// A model type's mapping, compiled once: its properties' keys, codecs and offsets.
///
/// Running a plan does no string work beyond the dictionary lookups themselves and no reflection.
final class ObjectPlan: Sendable {
    let fields: [any FieldSlot]
    /// Classes are updated in place through the object; structs through their own bytes.
    let isObject: Bool
    private let stagingByteCount: Int
    private let stagingAlignment: Int

    init(fields: [any FieldSlot], isObject: Bool) {
        self.fields = fields
        self.isObject = isObject
        stagingByteCount = max(fields.map(\.endOffset).max() ?? 0, 1)
        stagingAlignment = max(fields.map(\.alignment).max() ?? 1, MemoryLayout<Int>.alignment)
    }

    /// Compiles the plan for `type` from its stored properties.
    static func compile(for type: Any.Type) -> ObjectPlan {
        let fields = FieldDiscovery.storedFields(of: type).filter(\.isMappable).map { field in
            func make<Value>(_: Value.Type) -> any FieldSlot {
                TypedField<Value>(key: field.name, offset: field.offset, codec: CodecFactory.codec(for: Value.self))
            }
            return make(field.type)
        }
        return ObjectPlan(fields: fields, isObject: type is AnyClass)
    }

    /// Decodes every mapped key of `dictionary`, then moves the values into `model`, or throws
    /// every problem found and leaves `model` untouched.
    func decode(_ dictionary: [String: Any], into model: UnsafeMutableRawPointer, in context: MappingContext) throws {
        try withUnsafeTemporaryAllocation(byteCount: stagingByteCount, alignment: stagingAlignment) { staging in
            try withUnsafeTemporaryAllocation(of: Bool.self, capacity: fields.count) { decoded in
                guard let staging = staging.baseAddress, let decoded = decoded.baseAddress else { return }
                var failure: MappingError?
                for (index, field) in fields.enumerated() {
                    var didDecode = false
                    if let input = dictionary[field.key] {
                        do {
                            try field.decode(input, into: staging, in: context)
                            didDecode = true
                        } catch {
                            failure.merge(MappingError.wrapping(error, at: .key(field.key)))
                        }
                    }
                    (decoded + index).initialize(to: didDecode)
                }
                for (index, field) in fields.enumerated() where decoded[index] {
                    if failure == nil {
                        field.commit(from: staging, to: model)
                    } else {
                        field.discard(staging)
                    }
                }
                if let failure { throw failure }
            }
        }
    }

    /// The dictionary representation of `model`; `nil` optionals are left out.
    func encode(_ model: UnsafeRawPointer, in context: MappingContext) throws -> [String: Any] {
        var result: [String: Any] = Dictionary(minimumCapacity: fields.count)
        var failure: MappingError?
        for field in fields {
            do {
                if let value = try field.encode(from: model, in: context) {
                    result[field.key] = value
                }
            } catch {
                failure.merge(MappingError.wrapping(error, at: .key(field.key)))
            }
        }
        if let failure { throw failure }
        return result
    }
}
