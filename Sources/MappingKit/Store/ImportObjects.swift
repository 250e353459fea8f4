// What an import's reference graph is made of: the objects it meets and the references between
// them, which `ImportSession` resolves in order before mapping an object.

/// An object of an import: its model type and primary key.
struct ObjectID: Hashable {
    let type: ObjectIdentifier
    let key: PrimaryKey

    init<Model: Mappable>(_: Model.Type, _ key: PrimaryKey) {
        type = ObjectIdentifier(Model.self)
        self.key = key
    }
}

/// A reference an object's dictionary makes, and how to map the object it refers to.
struct Dependency {
    typealias Resolve = (MappingContext) throws -> Void
    let target: ObjectID
    /// Whether the object is a class instance, which a cycle can hold.
    let isObject: Bool
    let resolve: Resolve
}
