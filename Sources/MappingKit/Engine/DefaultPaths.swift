import Synchronization

/// Whether a model type maps through MappingKit's own `update(from:configuration:)` and
/// `dictionaryRepresentation(configuration:)`, as seen when those defaults run.
///
/// JSON is read straight into a model only once its type is known to use the default update:
/// an override receives a dictionary, so until then (and always, for a type with one) the JSON
/// object is read into a dictionary first and mapped through the override. Writing is the same.
final class DefaultPaths: Sendable {
    private let updates = Atomic<Bool>(false)
    private let representations = Atomic<Bool>(false)

    var updatesByDefault: Bool { updates.load(ordering: .relaxed) }
    var representsByDefault: Bool { representations.load(ordering: .relaxed) }

    func sawDefaultUpdate() {
        if !updatesByDefault { updates.store(true, ordering: .relaxed) }
    }

    func sawDefaultRepresentation() {
        if !representsByDefault { representations.store(true, ordering: .relaxed) }
    }
}
