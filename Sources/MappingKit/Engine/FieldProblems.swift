/// Problems found while reading an object's members in input order, reported in the fields'
/// declaration order, as from a dictionary.
struct FieldProblems {
    private var problems: [(field: Int, error: MappingError)] = []
    private(set) var isFatal = false

    /// Adds the problem of field number `field`; a fatal one ends the read with everything found.
    mutating func add(_ error: MappingError, for field: Int) throws {
        merge(error, for: field)
        if isFatal, let all = collected() { throw all }
    }

    mutating func merge(_ error: MappingError, for field: Int) {
        problems.append((field, error))
        isFatal = isFatal || error.isFatal
    }

    /// Forgets the problems of a field whose key came again.
    mutating func remove(_ field: Int) {
        if !problems.isEmpty { problems.removeAll { $0.field == field } }
    }

    func collected() -> MappingError? {
        guard !problems.isEmpty else { return nil }
        var failure: MappingError?
        for problem in problems.enumerated().sorted(by: { ($0.element.field, $0.offset) < ($1.element.field, $1.offset) }) {
            failure.merge(problem.element.error)
        }
        return failure
    }
}
