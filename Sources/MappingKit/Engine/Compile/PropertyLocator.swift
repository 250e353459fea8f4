/// Finds the stored field a configuration rule is about, when a plan is compiled.
protocol PropertyLocating: Sendable {
    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure>
    /// Whether `field` may be the one this rule is about: a zero-sized field (an empty model)
    /// has the offset of the field after it, so an offset alone does not name one field.
    func accepts(_ field: StoredField) -> Bool
}

/// A stored field, named by its offset and storage name: a zero-sized field (an empty model)
/// shares its offset with other fields, and a rule is about one field. (Two empty fields of one
/// type at one offset have equal key paths: a rule naming either is about the first.)
struct FieldID: Hashable {
    let offset: Int
    let name: String

    init(_ field: StoredField) {
        offset = field.offset
        name = field.storageName
    }
}

/// Locates the stored field a key path names. Key paths are immutable, hence the unchecked
/// sendability.
final class KeyPathLocator<Model: Mappable, Value>: PropertyLocating, @unchecked Sendable {
    private let property: WritableKeyPath<Model, Value>
    private let label: String
    /// The key path is set through its accessors, whatever its storage holds (``observed``
    /// properties: `@Published` keeps an `Int` in a `Published<Int>`): the one field whose bytes
    /// every write changes is its storage.
    private let opaqueStorage: Bool

    init(keyPath: WritableKeyPath<Model, Value>, label: String, opaqueStorage: Bool = false) {
        property = keyPath
        self.label = label
        self.opaqueStorage = opaqueStorage
    }

    func accepts(_ field: StoredField) -> Bool {
        if opaqueStorage || ObjectIdentifier(field.type) == ObjectIdentifier(Value.self) { return true }
        if case .wrapper(let wrapper) = field.storage { return ObjectIdentifier(wrapper.wrappedType) == ObjectIdentifier(Value.self) }
        return false
    }

    private var notStored: ConfigurationFailure {
        ConfigurationFailure(message: "\(label) is not a stored `var` property of \(Model.self)")
    }

    /// Structs: the key path's offset. Classes: the storage an in-place access reaches (final
    /// stored properties). Failing that, the one field that takes two different values written
    /// through the key path: properties of non-final classes, `@Observable` storage, property
    /// wrappers (read through ``MappableWrapper``). Never a guess: a computed property, or a path
    /// into a nested value, is a configuration error.
    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        let candidates = fields.filter { field in
            if ObjectIdentifier(field.type) == ObjectIdentifier(Value.self) { return true }
            if case .wrapper(let wrapper) = field.storage { return ObjectIdentifier(wrapper.wrappedType) == ObjectIdentifier(Value.self) }
            return false
        }
        if !(Model.self is AnyClass), let offset = MemoryLayout<Model>.offset(of: property) {
            guard let field = candidates.first(where: { $0.offset == offset }), case .direct = field.storage else { return .failure(notStored) }
            return field.isMappable ? .success(offset) : .failure(notStored)
        }
        if Model.self is AnyClass {
            // Class or struct is decided by the root type, never by the key path's class: a key
            // path formed in generic code (`\T.tags` where `T: Mappable & HasTags`) is a
            // `WritableKeyPath` even when `T` is a class, and reading it as a struct's would
            // read the stack around a reference.
            var probe = Model()
            let object = probe as AnyObject
            let property = property
            let reached = withExtendedLifetime(object) {
                let base = Unmanaged.passUnretained(object).toOpaque()
                return withUnsafeMutablePointer(to: &probe[keyPath: property]) { UnsafeMutableRawPointer($0) - base }
            }
            if let field = candidates.first(where: { $0.offset == reached }), case .direct = field.storage {
                return field.isMappable ? .success(field.offset) : .failure(notStored)
            }
        }
        guard let values = ProbeValues<Value>.make() else {
            let advice = opaqueStorage
                ? "MappingKit cannot make two different \(Value.self) values to find it"
                : "declare it `final var`\(Value.self is any RawRepresentable.Type ? ", or make \(Value.self) CaseIterable" : "")"
            return .failure(ConfigurationFailure(message: """
                \(label) is reached through accessors and MappingKit cannot tell which stored \
                property of \(Model.self) it is: \(advice)
                """))
        }
        if let located = locateThroughAccessors(values, candidates: candidates) { return located }
        return opaqueStorage ? locateByChange(values, among: fields) : .failure(notStored)
    }

    /// Runs `body` with a fresh model's base address, a function that writes through the key
    /// path and one that reads through it.
    private func withProbe<Result>(_ body: (UnsafeMutableRawPointer, (Value) -> Void, () -> Value) -> Result) -> Result? {
        let property = property
        var probe = Model()
        if Model.self is AnyClass {
            let object = probe as AnyObject
            return withExtendedLifetime(object) {
                body(Unmanaged.passUnretained(object).toOpaque(), { probe[keyPath: property] = $0 }, { probe[keyPath: property] })
            }
        }
        return withUnsafeMutableBytes(of: &probe) { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let model = base.assumingMemoryBound(to: Model.self)
            return body(base, { model.pointee[keyPath: property] = $0 }, { model.pointee[keyPath: property] })
        }
    }

    /// The one candidate that holds each of two probe values after it is written through the key
    /// path; `nil` when none does. A stored field must hold the value written; a wrapper must hold
    /// what the key path then reads (its setter may have clamped or trimmed it), and the two reads
    /// must differ. A struct's key path gets here when it has no offset: a wrapper's, or one
    /// reached through accessors (a protocol requirement's, formed in generic code), which must
    /// then write and read one stored field both ways, as a class's must.
    private func locateThroughAccessors(_ values: ProbeValues<Value>, candidates: [StoredField]) -> Result<Int, ConfigurationFailure>? {
        let located: Result<Int, ConfigurationFailure>?? = withProbe { base, write, read in
            func holds(_ field: StoredField, _ written: Value) -> Bool {
                let pointer = UnsafeRawPointer(base + field.offset)
                if case .wrapper(let wrapper) = field.storage {
                    guard let held = wrapper.wrappedValue(at: pointer) as? Value else { return false }
                    return values.isSame(held, read())
                }
                return values.isSame(pointer.assumingMemoryBound(to: Value.self).pointee, written)
            }
            write(values.first)
            let firstRead = read()
            let tookFirst = candidates.filter { holds($0, values.first) }
            write(values.second)
            let tookBoth = values.isSame(firstRead, read()) ? [] : tookFirst.filter { holds($0, values.second) }
            guard !tookBoth.isEmpty else { return nil }
            guard tookBoth.count == 1, let field = tookBoth.first, field.isMappable else { return .failure(notStored) }
            // The other way too: a value put in the field is what the key path reads (a getter
            // that transforms, `title.uppercased()`, is not the stored property).
            if case .direct = field.storage {
                (base + field.offset).assumingMemoryBound(to: Value.self).pointee = values.first
                guard values.isSame(read(), values.first) else { return .failure(notStored) }
            }
            return .success(field.offset)
        }
        return located ?? nil
    }

    /// The one mappable field whose bytes change between two writes through the key path (a
    /// setter that also writes elsewhere, a counter, is ambiguous: a configuration error).
    private func locateByChange(_ values: ProbeValues<Value>, among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        let mappable = fields.filter(\.isMappable)
        let changed: [StoredField]? = withProbe { base, write, _ in
            func snapshot() -> [[UInt8]] {
                mappable.map { Array(UnsafeRawBufferPointer(start: base + $0.offset, count: LayoutOf.size($0.type))) }
            }
            write(values.first)
            let first = snapshot()
            write(values.second)
            let second = snapshot()
            return mappable.indices.filter { first[$0] != second[$0] }.map { mappable[$0] }
        }
        guard let changed, changed.count == 1, let field = changed.first else {
            let count = changed?.count ?? 0
            return .failure(ConfigurationFailure(message: """
                \(label) is set through its accessors, and \(count == 0 ? "no stored property" : "\(count) stored properties") \
                of \(Model.self) changed when it was set: MappingKit maps an accessor only when exactly one stored property holds it
                """))
        }
        return .success(field.offset)
    }
}

/// Locates the `let` property a read-only key path names, for ``MappingConfiguration/Builder``'s
/// `ignore` (a plan refuses a `let` no rule ignores). A struct's by the key path's offset; a
/// class's as the one `let` of the type whose bytes are those of the value the key path reads
/// from a fresh model (a copy of a value has its bytes).
final class ConstantLocator<Model: Mappable, Value>: PropertyLocating, @unchecked Sendable {
    private let property: KeyPath<Model, Value>
    private let label: String

    init(keyPath: KeyPath<Model, Value>, label: String) {
        property = keyPath
        self.label = label
    }

    func accepts(_ field: StoredField) -> Bool {
        field.isConstant && ObjectIdentifier(field.type) == ObjectIdentifier(Value.self)
    }

    func offset(among fields: [StoredField]) -> Result<Int, ConfigurationFailure> {
        let candidates = fields.filter(accepts)
        let notConstant = ConfigurationFailure(message: "\(label) is not a stored `let` property of \(Model.self)")
        guard Model.self is AnyClass else {
            guard let offset = MemoryLayout<Model>.offset(of: property), candidates.contains(where: { $0.offset == offset }) else {
                return .failure(notConstant)
            }
            return .success(offset)
        }
        let probe = Model()
        let object = probe as AnyObject
        let matching: [StoredField] = withExtendedLifetime(object) {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            var read = probe[keyPath: property]
            return withUnsafeBytes(of: &read) { bytes in
                candidates.filter { field in
                    bytes.elementsEqual(UnsafeRawBufferPointer(start: base + field.offset, count: bytes.count))
                }
            }
        }
        guard matching.count == 1, let field = matching.first else {
            return .failure(matching.isEmpty ? notConstant : ConfigurationFailure(message: """
                \(label) reads a value \(matching.count) `let` properties of \(Model.self) hold: MappingKit cannot tell which it is
                """))
        }
        return .success(field.offset)
    }
}

/// The size and alignment of a type known only at run time.
enum LayoutOf {
    static func size(_ type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return size(type)
    }

    static func alignment(_ type: Any.Type) -> Int {
        func alignment<T>(_: T.Type) -> Int { MemoryLayout<T>.alignment }
        return alignment(type)
    }
}
