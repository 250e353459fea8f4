/// Whether a model type maps through MappingKit's own `update(from:configuration:)` and
/// `dictionaryRepresentation(configuration:)`, as seen when those defaults run.
///
/// A format (JSON bytes, a `Decoder`) reads its input straight into a model only once its type is
/// known to use the default update: an override receives a dictionary, so until then (and always,
/// for a type with one) the input is read into a dictionary first and mapped through the
/// override, with ``MappingContext/defaultProbe`` set so the default only says it ran. Writing is
/// the same.
final class DefaultPaths: Sendable {
    /// Word 0: the default update was seen (1) or not (0); word 1: the default representation.
    private let seen = AtomicWords(count: 2)

    var updatesByDefault: Bool { seen.loadRelaxed(0) != 0 }
    var representsByDefault: Bool { seen.loadRelaxed(1) != 0 }

    func sawDefaultUpdate() {
        if !updatesByDefault { seen.storeRelaxed(1, at: 0) }
    }

    func sawDefaultRepresentation() {
        if !representsByDefault { seen.storeRelaxed(1, at: 1) }
    }
}
