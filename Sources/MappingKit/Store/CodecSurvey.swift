/// The import's look into values before they are mapped, and how stores keep them.
extension ValueCodec {
    func survey(_ input: Any, into session: ImportSession, in context: MappingContext) {}

    var surveysImports: Bool { false }

    func storeKind(in context: MappingContext) -> StoreColumn.Kind {
        StoreColumn.Kind(shape: valueShape)
    }
}

extension StoreColumn.Kind {
    /// The column kind for values of `shape`: scalars keep their own, anything structured is
    /// JSON text.
    init(shape: ValueShape) {
        switch shape.kind {
        case .bool: self = .boolean
        case .int: self = .integer
        case .double: self = .real
        case .string: self = .text
        case .decimal: self = .decimal
        case .date: self = .date
        case .data: self = .blob
        case .optional: self = shape.inner.map(StoreColumn.Kind.init(shape:)) ?? .json
        case .untyped, .array, .dictionary, .model, .decodable: self = .json
        }
    }
}

/// Which of a plan's fields an import surveys (those whose codecs can note keys), made the first
/// time an import surveys the plan (a ``PlanLayout``).
final class SurveyLayout: PlanLayout, PlanLayoutKind, @unchecked Sendable {
    static var slot: Int { 2 }

    let fields: [Int]

    init(plan: ObjectPlan) {
        fields = plan.fields.indices.filter { plan.fields[$0].surveysImports }
    }
}

extension ObjectPlan {
    /// Which fields an import surveys.
    var surveyed: [Int] { layout(SurveyLayout.self).fields }
}
