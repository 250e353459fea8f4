extension MappingConfiguration {
    /// The configuration `build` declares for `model`, built once per model type (each
    /// specialization of a generic type) and call site, then kept: what a generic type, which
    /// cannot have a `static let`, declares in its computed `mappingConfiguration`.
    ///
    /// ```swift
    /// struct Page<Item: Mappable>: Mappable {
    ///     var items: [Item] = []
    ///     var nextCursor: String?
    ///
    ///     static var mappingConfiguration: MappingConfiguration {
    ///         .shared(for: Page.self) { map in
    ///             map.keyStrategy = .snakeCase
    ///             map.map(\.items, to: "data")
    ///         }
    ///     }
    /// }
    ///
    /// let page = try Page<User>(dictionary: ["data": [["username": "ann"]], "next_cursor": "b2"])
    /// ```
    ///
    /// Built on every call instead, a configuration costs its rules' key each time (11.6× a
    /// stored one per model, measured); through `shared` it costs a lookup (the benchmark's
    /// `--set generic` compares it with a non-generic twin's `static let`). `build` runs once for
    /// each specialization, so it must not depend on anything but the type. (Threads that first
    /// ask for the same specialization at the same moment may each run it; one result is kept
    /// and given to all. It runs outside any lock, so it may ask for other configurations.)
    public static func shared<Model: Mappable>(
        for model: Model.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ build: (inout Builder<Model>) -> Void
    ) -> MappingConfiguration {
        let key = SharedConfigurations.Key(model: ObjectIdentifier(model), file: UnsafeRawPointer(fileID.utf8Start), line: line)
        if let recent = SharedConfigurations.recent(key) { return recent }
        if let made = SharedConfigurations.made.withLock({ $0[key] }) { return SharedConfigurations.remember(made, for: key) }
        let configuration = MappingConfiguration(for: model, build)
        let kept = SharedConfigurations.made.withLock { made in
            if let existing = made[key] { return existing }
            made[key] = configuration
            return configuration
        }
        return SharedConfigurations.remember(kept, for: key)
    }
}

/// The configurations ``MappingConfiguration/shared(for:fileID:line:_:)`` made, one per model type
/// and call site: a program has a fixed set of both.
enum SharedConfigurations {
    struct Key: Hashable, @unchecked Sendable {
        let model: ObjectIdentifier
        /// The call site's file name (a static string: its address is its identity).
        let file: UnsafeRawPointer
        let line: UInt
    }

    static let made = Locked<[Key: MappingConfiguration]>([:])

    /// A configuration with its key, as a slot holds it.
    private final class Entry: Sendable {
        let key: Key
        let configuration: MappingConfiguration

        init(key: Key, configuration: MappingConfiguration) {
            self.key = key
            self.configuration = configuration
        }
    }

    /// The first configuration met for each slot, chosen by the model type: one atomic load per
    /// lookup instead of the lock.
    private static let slots = WriteOnceSlots<Entry>(count: 256)

    static func recent(_ key: Key) -> MappingConfiguration? {
        slots.withEntry(at: slots.index(of: key.model)) { $0.key == key ? $0.configuration : nil }
    }

    static func remember(_ configuration: MappingConfiguration, for key: Key) -> MappingConfiguration {
        slots.fill(slots.index(of: key.model), with: Entry(key: key, configuration: configuration))
        return configuration
    }
}
