/// What a store does with a field's values, worked out from its codec's ``ValueShape``: how a
/// store keeps them (``StoreSchema``), and what an import notes of them before it maps anything
/// (the primary keys of nested models with an identity, foreign keys), so that the store is asked
/// once per type. The codecs know nothing of stores: a nested model's shape names its model, a
/// relationship's the model it refers to, and everything a store does with them is here.

/// How an import surveys one field's values, made once per plan from the field's shape: through
/// optionals, arrays, sets and dictionaries down to the nested models and foreign keys that
/// mention primary keys.
///
/// A class, not an indirect enum: plans keep their surveyors for the life of the process, and an
/// enum's boxes are referenced through tagged pointers that LeakSanitizer cannot follow (as
/// ``ValueShape``).
final class Surveyor: @unchecked Sendable {
    private enum Kind {
        case optional, elements, values
        /// A nested model: it notes its own key and those its properties mention.
        case model(any Mappable.Type)
        /// A foreign key to a model.
        case reference(any Mappable.Type)
    }

    private let kind: Kind
    private let inner: Surveyor?
    /// A nested model's plan, found once for the configuration met first.
    private let plans = PlanMemo()

    private init(_ kind: Kind, inner: Surveyor? = nil) {
        self.kind = kind
        self.inner = inner
    }

    /// The surveyor for values of `shape`, or `nil` when nothing in them can mention a key.
    static func make(for shape: ValueShape) -> Surveyor? {
        if let model = shape.model { return Surveyor(.model(model)) }
        if let referenced = shape.referenced { return Surveyor(.reference(referenced)) }
        guard let inner = shape.inner.flatMap(make(for:)) else { return nil }
        switch shape.kind {
        case .optional: return Surveyor(.optional, inner: inner)
        case .array: return Surveyor(.elements, inner: inner)
        case .dictionary: return Surveyor(.values, inner: inner)
        default: return nil
        }
    }

    /// Notes the primary keys `input` mentions.
    func survey(_ input: Any, into session: ImportSession, in context: MappingContext) {
        switch kind {
        case .optional:
            guard !InputValue.isNull(input) else { return }
            inner?.survey(input, into: session, in: context)
        case .elements:
            guard let array = InputValue.array(input) else { return }
            for element in array { inner?.survey(element, into: session, in: context) }
        case .values:
            guard let dictionary = InputValue.dictionary(input) else { return }
            for value in dictionary.values { inner?.survey(value, into: session, in: context) }
        case .model(let model):
            survey(input, as: model, into: session, in: context)
        case .reference(let model):
            session.survey(reference: input, to: model, in: context)
        }
    }

    /// A nested model's object, or its primary key when it has an identity.
    private func survey<Model: Mappable>(_ input: Any, as _: Model.Type, into session: ImportSession, in context: MappingContext) {
        guard let nested = try? context.nested(),
              let plan = try? plans.plan(for: Model.self, configuration: nested.declaredConfiguration(for: Model.self)) else { return }
        if let dictionary = InputValue.dictionary(input) {
            session.survey(dictionary, as: Model.self, plan: plan, in: nested)
        } else if plan.identity != nil, InputValue.array(input) == nil {
            session.survey(reference: input, to: Model.self, in: context)
        }
    }
}

extension StoreColumn.Kind {
    /// The column kind for values of `shape`: a reference to a nested model with an identity or
    /// to a relationship's model, else scalars keep their own and anything structured is JSON
    /// text.
    init(shape: ValueShape, in context: MappingContext) {
        if let referenced = shape.referenced {
            self = .reference(ValueDescription.typeName(referenced))
            return
        }
        if let model = shape.model {
            self = Self.nested(model, in: context)
            return
        }
        switch shape.kind {
        case .bool: self = .boolean
        case .int: self = .integer
        case .double: self = .real
        case .string: self = .text
        case .decimal: self = .decimal
        case .date: self = .date
        case .data: self = .blob
        case .optional: self = shape.inner.map { StoreColumn.Kind(shape: $0, in: context) } ?? .json
        case .untyped, .array, .dictionary, .model, .decodable: self = .json
        }
    }

    /// A nested model: a reference column when it has an identity, else JSON text.
    private static func nested<Model: Mappable>(_: Model.Type, in context: MappingContext) -> StoreColumn.Kind {
        guard context.declaredConfiguration(for: Model.self).rules.hasIdentity else { return .json }
        return .reference(ValueDescription.typeName(Model.self))
    }
}

/// Which of a plan's fields an import surveys (those whose values can mention keys) and how,
/// made the first time an import surveys the plan (a ``PlanLayout``).
final class SurveyLayout: PlanLayout, PlanLayoutKind, @unchecked Sendable {
    static var slot: Int { 2 }

    let fields: [Int]
    /// Each surveyed field's surveyor, by field index (`nil` for the others).
    let surveyors: [Surveyor?]

    init(plan: ObjectPlan) {
        let surveyors = plan.fields.map { Surveyor.make(for: $0.valueShape) }
        self.surveyors = surveyors
        fields = surveyors.indices.filter { surveyors[$0] != nil }
    }
}

extension ObjectPlan {
    /// Which fields an import surveys.
    var surveyed: [Int] { layout(SurveyLayout.self).fields }

    /// Notes the primary keys that `input`, field `index`'s value, mentions.
    func survey(field index: Int, _ input: Any, into session: ImportSession, in context: MappingContext) {
        layout(SurveyLayout.self).surveyors[index]?.survey(input, into: session, in: context)
    }
}
