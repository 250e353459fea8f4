/// Key paths' descriptions, made once per key path: `String(describing:)` on a key path walks
/// its components and demangles names, which a configuration built on every call would pay
/// for every time. A program has a fixed set of key paths, so the table stays small.
enum KeyPathNames {
    private static let names = Locked<[AnyKeyPath: String]>([:])

    /// `\User.userId`, or `\Animal.<computed 0x… (Int)>` for a property reached through accessors.
    static func name(of keyPath: AnyKeyPath) -> String {
        if let name = names.withLock({ $0[keyPath] }) { return name }
        let name = String(describing: keyPath)
        names.withLock { $0[keyPath] = name }
        return name
    }
}
