/// The names the compiler gives storage, read back to the names the source shows.
///
/// Two conventions put an underscore in front of a property's name:
/// - the `@Observable` macro turns `var name` into a computed `name` over a stored `_name`, and
///   adds a stored `let _$observationRegistrar` (an `ObservationRegistrar`), which is how such a
///   class is recognised;
/// - a property wrapper stores `@Clamped var level` as `_level`, of the wrapper's type.
///
/// Both are pinned by tests (`PropertyConventionsTests`). The registrar is a `let`, so it is never
/// mapped; `@ObservationIgnored` properties keep their own names, since the macro leaves them alone.
enum PropertyConventions {
    static let registrarName = "_$observationRegistrar"

    /// `true` when `fields` are those of an `@Observable` class: never on a release without
    /// Observation (`registrar` is `nil` there, see ``OlderReleases``).
    static func isObservable(_ fields: [StoredField], registrar: Any.Type? = OlderReleases.observationRegistrar) -> Bool {
        guard let registrar else { return false }
        return fields.contains { $0.storageName == registrarName && ObjectIdentifier($0.type) == ObjectIdentifier(registrar) }
    }

    /// `fields` with the names the source declares and how each is reached.
    static func apply(to fields: [StoredField]) -> [StoredField] {
        // In place: most fields keep their names, and copying each would retain its strings.
        var fields = fields
        var observable: Bool?
        for index in fields.indices {
            guard let declared = declaredName(of: fields[index].storageName) else { continue }
            if let wrapper = fields[index].type as? any MappableWrapper.Type {
                fields[index].name = declared
                fields[index].storage = .wrapper(wrapper)
            } else if observable ?? isObservable(fields) {
                observable = true
                fields[index].name = declared
                fields[index].storage = .tracked
            } else {
                observable = false
            }
        }
        return fields
    }

    /// `level` for `_level`; `nil` for names the conventions do not make (`_$…` is the macro's own).
    static func declaredName(of storageName: String) -> String? {
        // The first two bytes decide for almost every name (an underscore is one byte in UTF-8,
        // and so is `$`): `hasPrefix` would compare characters.
        var bytes = storageName.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "_"), let second = bytes.next(), second != UInt8(ascii: "$"),
              storageName.count > 1 else { return nil }
        return String(storageName.dropFirst())
    }

    /// Stored fields named like a wrapper's storage whose type MappingKit can neither convert nor
    /// reach through ``MappableWrapper``: mapping them under `_level`, or skipping them, would
    /// silently lose the property, so each is a configuration error unless a rule names it.
    static func unreachableWrappers(in fields: [StoredField], model: Any.Type) -> [(field: StoredField, message: String)] {
        // By index: the closure would get a copy of every field (its strings retained), and
        // almost none is a wrapper's storage.
        fields.indices.compactMap { index in
            guard fields[index].isMappable, case .direct = fields[index].storage,
                  let declared = declaredName(of: fields[index].storageName) else { return nil }
            let field = fields[index]
            guard !CodecFactory.isBuiltIn(field.type) else { return nil }
            let wrapper = ValueDescription.typeName(field.type)
            let base = wrapper.firstIndex(of: "<").map { String(wrapper[..<$0]) } ?? wrapper
            return (field, """
                \(declared) is stored as \(field.storageName), a \(wrapper), which MappingKit can neither convert nor \
                reach through: if \(base) is a property wrapper, add `extension \(base): MappableWrapper {}`; \
                otherwise map or ignore \\\(ValueDescription.typeName(model)).\(field.storageName) in the configuration
                """)
        }
    }
}
