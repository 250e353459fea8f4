import Foundation

extension MappableCodec {
    /// A nested object read straight into a fresh model; anything else (a positional model's
    /// array, a mismatch) as from a dictionary.
    func decodeJSON(_ reader: inout JSONReader, in context: MappingContext) throws -> Model {
        let mark = reader.mark
        guard try reader.peek() == UInt8(ascii: "{") else { return try decodeJSON(again: &reader, from: mark, in: context) }
        let nested = try context.nested()
        // The common case, without the detours of `instantiate(fromJSON:)`: a type known to
        // read JSON directly, with no factory. The plan depends on the rules alone, and the read
        // on the context alone: no configuration holds a copy of the context.
        do {
            let plan = try plans.plan(for: Model.self, configuration: nested.declaredConfiguration(for: Model.self))
            if plan.readsDirectly, !plan.hasFactory, plan.identity == nil, !nested.isReporting {
                var model = Model()
                try model.applyPlan(json: &reader, plan: plan, in: nested, isDocument: false)
                return model
            }
        } catch {
            throw MappingError.wrapping(error, at: [])
        }
        return try Model.instantiate(fromJSON: &reader, configuration: nested.declaredConfiguration(for: Model.self), context: nested)
    }

    func encodeJSON(at value: UnsafePointer<Model>, into writer: inout JSONWriter, in context: MappingContext) throws -> Bool {
        let nested = try context.nested()
        let configuration = nested.declaredConfiguration(for: Model.dynamicType(at: value))
        guard !configuration.rules.hooks.isPositional else {
            try writer.writeAny(try encode(value.pointee, in: context) as Any)
            return true
        }
        try Model.writeJSON(at: value, into: &writer, in: nested, configuration: configuration)
        return true
    }

    // The array loops, declared here rather than left to the JSON defaults of `ValueCodec`: a default runs
    // generic over the codec and looks `Value`'s metadata up per array
    // (`swift_getAssociatedTypeWitness`), where here `Model` is at hand. Arrays of models are
    // the most common arrays in JSON documents.

    func decodeJSONElements(_ reader: inout JSONReader, in context: MappingContext) throws -> [Model] {
        try CollectionCoding.decodeJSONElements(&reader, with: self, in: context)
    }

    func encodeJSONElements(_ elements: UnsafeBufferPointer<Model>, into writer: inout JSONWriter, in context: MappingContext) throws {
        try CollectionCoding.encodeJSONElements(elements, with: self, into: &writer, in: context)
    }

    func decodeJSONArray(_ reader: inout JSONReader, into slot: UnsafeMutableRawPointer, in context: MappingContext) throws {
        slot.initializeMemory(as: [Model].self, to: try decodeJSONElements(&reader, in: context))
    }
}

