/// An import, as the values it maps meet it: `Store/`'s `ImportSession`, which keeps one object
/// per primary key.
///
/// The call carries it (``MappingCall/session``) from the store's entry point down to every
/// nested model, so it is declared here, below everything that meets it, with every operation
/// those folders ask of it: the engine (a nested model with an identity, a primary key where a
/// model is expected), the store's relationship codecs and JSON's import of an object from its
/// bytes. None of them names the store's type, and none casts the carried object back to it.
///
/// ```swift
/// // A nested model with a primary key, inside `Person.array(from:in:)`:
/// if let importing = context.importing {
///     return try importing.importedModel(from: dictionary, configuration: configuration, context: context) as Employer
/// }
/// ```
protocol ModelImporting: AnyObject {
    /// The import's object for foreign key `reference`: met already, in the store, or later in
    /// the payload (mapped now); failing those, what `policy` says (`nil` only under `.null`).
    func resolve<Model: Mappable>(_ type: Model.Type, reference: Any, policy: UnresolvedReference, in context: MappingContext) throws -> Model?

    /// The import's one object for the primary key `reference`, or the error that says there is
    /// none (`resolve` under `.fail`, without an optional for the generic caller to hold).
    func referencedModel<Model: Mappable>(_ type: Model.Type, reference: Any, in context: MappingContext) throws -> Model

    /// The model for `dictionary`: the import's one object for its primary key, updated, or a
    /// new one (its plan found by its type and `configuration`).
    func importedModel<Model: Mappable>(from dictionary: [String: Any], configuration: MappingConfiguration, context: MappingContext) throws -> Model

    /// The model for the object at `reader`, as `importedModel(from:configuration:context:)`
    /// gives it: its primary key read ahead from the bytes and the object read straight into
    /// the import's one model where the type allows, else the object read as a dictionary.
    func importedModel<Model: Mappable>(json reader: inout JSONReader, configuration: MappingConfiguration, context: MappingContext) throws -> Model
}
