import Foundation

// A nested model's plan, for reading a `Decoder` straight into it (see ``NestedPlanning``).

extension MappableCodec: NestedPlanning {
    func plan(in context: MappingContext) -> ObjectPlan? {
        let configuration = context.declaredConfiguration(for: Model.self)
        // A model written as an array is read by probing.
        guard !configuration.rules.isPositional else { return nil }
        return try? plans.plan(for: Model.self, configuration: configuration)
    }
}
