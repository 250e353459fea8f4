/// Problems found while reading an object's members in input order, reported in the fields'
/// declaration order, as from a dictionary.
struct FieldProblems {
    private var problems: [(field: Int, error: MappingError)] = []
    private(set) var isFatal = false
    /// The problems held, all errors together.
    private var count = 0

    /// Adds the problem of field number `field`; a fatal one, or one past `cap` problems
    /// (``MappingLimits/maximumProblems``: the first ones met are kept), ends the read with
    /// everything found.
    mutating func add(_ error: MappingError, for field: Int, cap: Int) throws {
        merge(error, for: field)
        if isFatal, let all = collected(cap: cap) { throw all }
        if count > cap, let all = collected(cap: cap) { throw all }
    }

    mutating func merge(_ error: MappingError, for field: Int) {
        problems.append((field, error))
        count += error.issues.count
        isFatal = isFatal || error.isFatal
    }

    /// Forgets the problems of a field whose key came again.
    mutating func remove(_ field: Int) {
        if !problems.isEmpty { problems.removeAll { $0.field == field } }
    }

    /// Every problem, in the fields' order; past `cap` problems, the first ones met (in input
    /// order) and the one that says reading stopped (``MappingError/capped(at:)``).
    func collected(cap: Int) -> MappingError? {
        guard !problems.isEmpty else { return nil }
        var kept = problems.enumerated().map { $0 }
        if count > cap {
            var room = cap
            kept = kept.prefix { problem in
                defer { room -= problem.element.error.issues.count }
                return room > 0
            }
        }
        var failure: MappingError?
        for problem in kept.sorted(by: { ($0.element.field, $0.offset) < ($1.element.field, $1.offset) }) {
            failure.merge(problem.element.error)
        }
        guard count > cap, let failure else { return failure }
        return failure.capped(at: cap)
    }
}
