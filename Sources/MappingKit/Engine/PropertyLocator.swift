/// Finds the stored field a configuration rule is about, when a plan is compiled.
protocol PropertyLocating: Sendable {
    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure>
}

/// Locates the stored field a key path names. Key paths are immutable, hence the unchecked
/// sendability.
final class KeyPathLocator<Model: Mappable, Value>: PropertyLocating, @unchecked Sendable {
    private let property: WritableKeyPath<Model, Value>
    private let label: String

    init(keyPath: WritableKeyPath<Model, Value>, label: String) {
        property = keyPath
        self.label = label
    }

    private var notStored: ConfigurationFailure {
        ConfigurationFailure(message: "\(label) is not a stored `var` property of \(Model.self)")
    }

    /// Structs: the key path's offset. Classes: the storage an in-place access reaches (final
    /// stored properties); failing that, the one stored field that takes two different values
    /// written through the key path (properties of non-final classes). Never a guess: a computed
    /// property, or a path into a nested value, is a configuration error.
    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        let candidates = fields.filter { ObjectIdentifier($0.type) == ObjectIdentifier(Value.self) }
        if !(Model.self is AnyClass) {
            guard let offset = MemoryLayout<Model>.offset(of: property),
                  let field = candidates.first(where: { $0.offset == offset }) else { return .failure(notStored) }
            return field.isMappable ? .success(offset) : .failure(notStored)
        }
        guard let reference = property as? ReferenceWritableKeyPath<Model, Value> else { return .failure(notStored) }
        let probe = Model()
        return withExtendedLifetime(probe) {
            let base = Unmanaged.passUnretained(probe as AnyObject).toOpaque()
            let reached = withUnsafeMutablePointer(to: &probe[keyPath: reference]) { UnsafeMutableRawPointer($0) - base }
            if let field = candidates.first(where: { $0.offset == reached }) {
                return field.isMappable ? .success(field.offset) : .failure(notStored)
            }
            return locateThroughAccessors(reference, on: probe, base: base, candidates: candidates)
        }
    }

    /// The one field that holds each of two probe values after it is written through the key
    /// path.
    private func locateThroughAccessors(
        _ reference: ReferenceWritableKeyPath<Model, Value>,
        on probe: Model,
        base: UnsafeMutableRawPointer,
        candidates: [StoredField]
    ) -> Result<Int, ConfigurationFailure> {
        guard let values = ProbeValues<Value>.make() else {
            return .failure(ConfigurationFailure(message: """
                \(label) is reached through accessors and MappingKit cannot tell which stored \
                property of \(Model.self) it is: declare it `final var`
                """))
        }
        func holds(_ field: StoredField, _ value: Value) -> Bool {
            values.isSame((base + field.offset).assumingMemoryBound(to: Value.self).pointee, value)
        }
        probe[keyPath: reference] = values.first
        let tookFirst = candidates.filter { holds($0, values.first) }
        probe[keyPath: reference] = values.second
        let tookBoth = tookFirst.filter { holds($0, values.second) }
        guard tookBoth.count == 1, let field = tookBoth.first, field.isMappable else { return .failure(notStored) }
        return .success(field.offset)
    }
}
