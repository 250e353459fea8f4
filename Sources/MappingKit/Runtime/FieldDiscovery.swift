@_spi(Reflection) import Swift

/// A stored property of a model type, as the runtime reports it.
struct StoredField {
    /// The property's name in source.
    let name: String
    /// Byte offset of the property inside the value (structs) or the object (classes).
    let offset: Int
    /// The property's declared type.
    let type: Any.Type
    /// `var` and strongly held: the only properties MappingKit reads and writes.
    let isMappable: Bool
}

/// The one place that asks the runtime about a type's stored properties.
///
/// Structs and classes alike go through `_forEachField(of:options:)` (with the class option for
/// classes, superclass fields included). That entry point drops the ownership and mutability
/// flags it reads, so they are asked of the same runtime function it calls,
/// `swift_reflectionMirror_recursiveChildMetadata`: only strong `var`s that hold data are
/// mapped. Writing a strong reference into `weak` storage would corrupt memory: those fields
/// are never touched. (`_forEachFieldWithKeyPath(of:)` gives the same answer for structs, but
/// makes a key path per property: twice the cost of compiling the rest of a plan.)
enum FieldDiscovery {
    /// Every stored property of `type`, in declaration order (superclass first). Enums have
    /// none.
    static func storedFields(of type: Any.Type) -> [StoredField] {
        var fields: [StoredField] = []
        var index = 0
        let options = _EachFieldOptions(rawValue: type is AnyClass ? 1 << 0 : 0)
        _forEachField(of: type, options: options) { name, offset, fieldType, kind in
            var flags = FieldFlags()
            _ = withUnsafeMutablePointer(to: &flags) { childMetadata(type, index: index, flags: $0) }
            flags.freeName?(flags.name)
            index += 1
            let name = String(cString: name)
            fields.append(StoredField(
                name: name,
                offset: offset,
                type: fieldType,
                isMappable: flags.isStrong && flags.isVar && isData(kind) && isData(fieldType) && !isHidden(name)
            ))
            return true
        }
        return fields
    }

    /// Closures and metatypes are code, not data; optionals of them too (`var f: (() -> Void)?`).
    private static func isData(_ kind: _MetadataKind) -> Bool {
        kind != .function && kind != .metatype && kind != .existentialMetatype
    }

    /// The same for a type, looking through any number of `Optional`s.
    private static func isData(_ type: Any.Type) -> Bool {
        // The commonest types without asking the runtime (the first question about a type's
        // conformances scans all of them).
        if commonDataTypes.contains(ObjectIdentifier(type)) { return true }
        var type = type
        while let optional = type as? any OptionalWrapper.Type { type = optional.wrappedType }
        return isData(kind(of: type))
    }

    /// The runtime's kind of `type`, read as the kind of the one field of a probe struct.
    private static func kind(of type: Any.Type) -> _MetadataKind {
        func probe<Value>(_: Value.Type) -> _MetadataKind {
            var kind = _MetadataKind.unknown
            _forEachField(of: KindProbe<Value>.self) { _, _, _, fieldKind in
                kind = fieldKind
                return false
            }
            return kind
        }
        return probe(type)
    }

    private static let commonDataTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int.self), ObjectIdentifier(String.self), ObjectIdentifier(Bool.self), ObjectIdentifier(Double.self),
        ObjectIdentifier(Int?.self), ObjectIdentifier(String?.self), ObjectIdentifier(Bool?.self), ObjectIdentifier(Double?.self),
        ObjectIdentifier([Int].self), ObjectIdentifier([String].self), ObjectIdentifier([Bool].self), ObjectIdentifier([Double].self),
        ObjectIdentifier([String: Any].self), ObjectIdentifier([Any].self),
    ]

    /// Compiler-generated storage (`lazy var`) is not part of the model's data.
    private static func isHidden(_ name: String) -> Bool {
        name.hasPrefix("$")
    }
}

/// The layout the runtime fills in for one field (`FieldReflectionMetadata` in the runtime).
private struct FieldFlags {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func childMetadata(
    _ type: Any.Type,
    index: Int,
    flags: UnsafeMutablePointer<FieldFlags>
) -> Any.Type

/// A struct with one field of a given type, whose kind the reflection entry points report.
private struct KindProbe<Value> {
    var value: Value
}

/// Lets a field's type be looked through when it is an `Optional`.
private protocol OptionalWrapper {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalWrapper {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
