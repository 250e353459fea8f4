import Foundation

/// A to-one relationship by foreign key: the input is the related object's primary key, and
/// the representation writes it again. Resolved through the import (``ImportSession``);
/// outside an import no object can be found, and the policy decides.
struct RelationshipCodec<Related: Mappable>: ValueCodec {
    let policy: UnresolvedReference

    func decode(_ input: Any, in context: MappingContext) throws -> Related {
        guard let related = try ReferenceResolution.resolve(Related.self, input, policy: policy, in: context) else {
            throw ImportSession.unresolved(ValueDescription.typeName(Related.self), input)
        }
        return related
    }

    func encode(_ value: Related, in context: MappingContext) throws -> Any? {
        try value.foreignKey(in: context)
    }

    /// A primary key, read by probing: a store keeps a reference column, an import notes it.
    var valueShape: ValueShape { .reference(to: Related.self) }
}

/// The same for an optional property: `null` is `nil`, and so is an unresolved key under
/// ``UnresolvedReference/null``.
struct OptionalRelationshipCodec<Related: Mappable>: ValueCodec {
    let policy: UnresolvedReference

    func decode(_ input: Any, in context: MappingContext) throws -> Related? {
        if InputValue.isNull(input) { return nil }
        return try ReferenceResolution.resolve(Related.self, input, policy: policy, in: context)
    }

    func encode(_ value: Related?, in context: MappingContext) throws -> Any? {
        guard let value else { return nil }
        return try value.foreignKey(in: context)
    }

    var valueShape: ValueShape { .optional(.reference(to: Related.self)) }
}

/// Foreign keys to objects and back.
enum ReferenceResolution {
    /// The object `reference` (a foreign key) refers to; `nil` only under `.null`.
    static func resolve<Related: Mappable>(
        _ type: Related.Type,
        _ reference: Any,
        policy: UnresolvedReference,
        in context: MappingContext
    ) throws -> Related? {
        if let session = context.importing {
            return try session.resolve(type, reference: reference, policy: policy, in: context)
        }
        let plan = try PlanCache.plan(for: type, configuration: context.declaredConfiguration(for: type))
        // The key must still be a valid key, import or not.
        _ = try plan.primaryKey(reference: reference, context: context)
        switch policy {
        case .fail: throw ImportSession.unresolved(plan.modelName, reference, outsideImport: true)
        case .null: return nil
        case .placeholder: return try Related.placeholder(reference: reference, plan: plan, in: context)
        }
    }
}

// MARK: JSON Schema

extension RelationshipCodec {
    /// A related object or its primary key, resolved by the import: any value.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        [:]
    }
}

extension OptionalRelationshipCodec {
    /// As ``RelationshipCodec``'s: any value.
    func schema(in builder: any SchemaBuilding, context: MappingContext) throws -> [String: Any] {
        [:]
    }
}
