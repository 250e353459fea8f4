/// The configurations a context finds for the models it meets: the engine's part of the
/// call's state (`Codecs/MappingContext.swift` holds the rest, which the codecs see).
extension MappingContext {
    /// The configuration for a model of `type` met in this mapping, as the mapper or the type
    /// declares it (under the policies handed down, when there are any). It holds rules only:
    /// the call's state travels in the context, and around overrides in ``CurrentCall``.
    func declaredConfiguration<Model: Mappable>(for type: Model.Type) -> MappingConfiguration {
        guard let inherited = inherited else {
            if let mapper { return mapper.configuration(for: type) }
            return type.mappingConfiguration
        }
        return inheriting(inherited, mapper?.configuration(for: type) ?? type.mappingConfiguration)
    }

    /// `configuration` under policies handed down to it (kept apart from the common path).
    @inline(never)
    private func inheriting(_ inherited: InheritedPolicies, _ configuration: MappingConfiguration) -> MappingConfiguration {
        var configuration = configuration
        configuration.rules = configuration.rules.inheriting(inherited)
        return configuration
    }
}

