/// The Swift type a path in the input names: what an error about that value says was expected,
/// where a format wants a type (the Codable bridge's `DecodingError.typeMismatch(_:_:)`).
extension ObjectPlan {
    /// The type of the value at `path` (outermost first) in a model of this plan: a field's
    /// value type, then an optional's, an array's or a dictionary's elements, and nested models'
    /// own fields; `nil` where the path leaves what the plan declares (an undefined key, a value
    /// inside an untyped one).
    func valueType(at path: [PathComponent], in context: MappingContext) -> Any.Type? {
        for field in fields {
            for key in field.keys.all {
                let steps = key.steps.map(\.pathComponent)
                guard path.count >= steps.count, path.prefix(steps.count).elementsEqual(steps) else { continue }
                return Self.valueType(field.valueType, below: path.dropFirst(steps.count), in: context)
            }
        }
        return nil
    }

    private static func valueType(_ type: Any.Type, below path: ArraySlice<PathComponent>, in context: MappingContext) -> Any.Type? {
        guard !path.isEmpty else { return type }
        if let container = type as? any ContainerCodecProviding.Type, let element = container.elementTypes.last {
            // An optional is looked through where it stands; an array or a dictionary takes a step.
            return valueType(element, below: type is any OptionalValue.Type ? path : path.dropFirst(), in: context)
        }
        guard let model = type as? any Mappable.Type else { return nil }
        func nested<Model: Mappable>(_: Model.Type) -> Any.Type? {
            let plan = try? PlanCache.plan(for: Model.self, configuration: context.declaredConfiguration(for: Model.self))
            return plan?.valueType(at: Array(path), in: context)
        }
        return nested(model)
    }
}
