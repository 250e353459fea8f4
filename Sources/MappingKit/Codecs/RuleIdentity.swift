/// The identity of a closure or a value a rule holds, which cannot be compared: its kind, which
/// is what a plan's layout depends on, and for closures and values made by a user, a number no
/// other instance has. Plans are compiled once per kind (``structure``) and bound to the
/// instances of each configuration.
struct RuleIdentity: Hashable, Sendable {
    let kind: String
    /// 0 when the kind alone identifies it (a built-in adapter, a pure function of its name).
    let instance: Int

    /// An identity its kind alone makes.
    init(_ kind: String) {
        self.kind = kind
        instance = 0
    }

    private init(kind: String, instance: Int) {
        self.kind = kind
        self.instance = instance
    }

    /// A new instance of `kind`.
    static func instance(of kind: String) -> RuleIdentity {
        RuleIdentity(kind: kind, instance: Int(truncatingIfNeeded: counter.add(1)))
    }

    var isInstance: Bool { instance != 0 }

    /// This identity without its instance number.
    var structure: RuleIdentity { RuleIdentity(kind) }

    private static let counter = AtomicWords(count: 1)
}
