/// The configurations a context finds for the models it meets: the engine's part of the
/// call's state (`Codecs/MappingContext.swift` holds the rest, which the codecs see).
extension MappingContext {
    /// The configuration for a model of `type` met in this mapping, as the mapper or the type
    /// declares it (under a key strategy handed down, when one is). It holds rules only: the
    /// call's state travels in the context, and around overrides in ``CurrentCall``.
    func declaredConfiguration<Model: Mappable>(for type: Model.Type) -> MappingConfiguration {
        guard let inheritedKeyStrategy else {
            if let mapper { return mapper.configuration(for: type) }
            return type.mappingConfiguration
        }
        return inheriting(inheritedKeyStrategy, mapper?.configuration(for: type) ?? type.mappingConfiguration)
    }

    /// `configuration` under a strategy handed down to it (kept apart from the common path).
    @inline(never)
    private func inheriting(_ strategy: InheritedKeyStrategy, _ configuration: MappingConfiguration) -> MappingConfiguration {
        var configuration = configuration
        configuration.rules = configuration.rules.inheriting(strategy.strategy)
        return configuration
    }
}

