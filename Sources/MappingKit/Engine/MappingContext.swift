/// State that travels with one mapping call through every nested model.
struct MappingContext: Sendable {
    /// How many models deep the current value is; the root model is at depth 0.
    var depth = 0
    /// The mapper whose registrations apply, when mapping through one.
    var mapper: Mapper?
    /// The undefined-key policy of this call or mapper, over every configuration's own.
    var undefinedKeys: UndefinedKeyPolicy?
    /// A discriminator key the parent read from this model's dictionary.
    var discriminator: String?

    /// Models nested deeper than this are an error instead of a stack overflow. Real data rarely
    /// nests models more than a dozen levels; cycles and hostile input nest without end. 64
    /// levels fit a 512 KB thread stack (a secondary thread on Apple platforms) in a debug build.
    static let maximumDepth = 64

    /// The context one model further down, or the error that says the limit is reached.
    func nested() throws -> MappingContext {
        guard depth < Self.maximumDepth else { throw MappingError(.tooDeep(limit: Self.maximumDepth)) }
        return MappingContext(depth: depth + 1, mapper: mapper, undefinedKeys: undefinedKeys)
    }

    /// The configuration for a model of `type` met in this mapping.
    func configuration<Model: Mappable>(for type: Model.Type) -> MappingConfiguration {
        var configuration = mapper?.configuration(for: type) ?? type.mappingConfiguration
        configuration.context = self
        return configuration
    }
}
