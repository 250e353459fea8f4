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

    /// Structs: the key path's offset. Classes: the offset of the storage an in-place access
    /// reaches (final and stored properties); failing that, the only stored field of the type.
    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        let candidates = fields.filter { ObjectIdentifier($0.type) == ObjectIdentifier(Value.self) }
        let notStored = ConfigurationFailure(message: "\(label) is not a stored `var` property of \(Model.self)")
        if !(Model.self is AnyClass) {
            guard let offset = MemoryLayout<Model>.offset(of: property),
                  let field = candidates.first(where: { $0.offset == offset }) else { return .failure(notStored) }
            return field.isMappable ? .success(offset) : .failure(notStored)
        }
        guard let reference = property as? ReferenceWritableKeyPath<Model, Value> else { return .failure(notStored) }
        let probe = Model()
        let base = Int(bitPattern: Unmanaged.passUnretained(probe as AnyObject).toOpaque())
        let reached = withUnsafeMutablePointer(to: &probe[keyPath: reference]) { Int(bitPattern: $0) - base }
        if let field = candidates.first(where: { $0.offset == reached }) {
            return field.isMappable ? .success(field.offset) : .failure(notStored)
        }
        let mappable = candidates.filter(\.isMappable)
        guard mappable.count == 1, let only = mappable.first else {
            let names = mappable.map(\.name).joined(separator: ", ")
            return .failure(ConfigurationFailure(message: mappable.isEmpty ? notStored.message : """
                \(label) cannot be told apart from the other \(Value.self) properties of \(Model.self) \
                (\(names)): declare it `final var`
                """))
        }
        return .success(only.offset)
    }
}
