@_spi(Reflection) import Swift

/// A stored property of a model type, as the runtime reports it.
struct StoredField {
    /// The property's name in source: the storage's own name, or the name of the property it
    /// backs (`name` for an `@Observable` class's `_name`, `level` for a wrapper's `_level`)
    /// once ``PropertyConventions`` has read it.
    var name: String
    /// The stored property's name as the runtime reports it (`_name` for `@Observable`'s storage).
    let storageName: String
    /// How the property's value is reached: directly, or through a property wrapper or the
    /// storage of an `@Observable` class (set by ``PropertyConventions``).
    var storage = FieldStorage.direct
    /// Byte offset of the property inside the value (structs) or the object (classes).
    let offset: Int
    /// The property's declared type.
    let type: Any.Type
    /// `var` and strongly held: the only properties MappingKit reads and writes.
    let isMappable: Bool
    /// A `let` holding data, declared in source (no `$` in its name: the storage Swift makes,
    /// such as `@Observable`'s `_$observationRegistrar`, is not): never written, since Swift's
    /// optimizer may assume it keeps its initial value; a plan refuses one no rule ignores.
    var isConstant = false
    /// The declared type is an `Optional` (the runtime's metadata kind says so: no conformance
    /// to look up).
    var isOptional: Bool {
        FieldDiscovery.isOptional(type)
    }
}

/// How a model's stored field holds the value of the property the source declares.
enum FieldStorage {
    /// The field is the property.
    case direct
    /// The storage `@Observable` makes for a tracked property: `_name` behind a computed `name`.
    case tracked
    /// A property wrapper's storage: `_level`, a `Clamped<Int>`, behind `level`.
    case wrapper(any MappableWrapper.Type)
}

/// The one place that asks the runtime about a type's stored properties.
///
/// It makes the calls the standard library's `_forEachField(of:options:)` makes, once per
/// field: the field count (superclass fields included), each field's offset, and its name,
/// type and flags from `swift_reflectionMirror_recursiveChildMetadata`. `_forEachField` drops
/// the ownership and mutability flags, which a second call per field would have to ask again
/// (each call demangles the field's type); `_forEachFieldWithKeyPath(of:)` makes a key path per
/// field. Either doubles the cost of compiling a plan. Only strong `var`s that hold data are
/// mapped: writing a strong reference into `weak` storage would corrupt memory, so those
/// fields are never touched.
enum FieldDiscovery {
    /// Every stored property of `type`, in declaration order (superclass first). Enums have
    /// none.
    static func storedFields(of type: Any.Type) -> [StoredField] {
        let kind = metadataKind(type)
        guard kind == _MetadataKind.struct.rawValue || kind == _MetadataKind.class.rawValue else { return [] }
        let count = childCount(type)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var flags = FieldFlags()
            let fieldType = withUnsafeMutablePointer(to: &flags) { childMetadata(type, index: index, flags: $0) }
            defer { flags.freeName?(flags.name) }
            guard let rawName = flags.name else { continue }
            let name = String(cString: rawName)
            let holdsData = flags.isStrong && isData(fieldType)
            var field = StoredField(
                name: name,
                storageName: name,
                offset: childOffset(type, index: index),
                type: fieldType,
                isMappable: holdsData && flags.isVar && !isHidden(name)
            )
            field.isConstant = holdsData && !flags.isVar && !name.utf8.contains(UInt8(ascii: "$"))
            fields.append(field)
        }
        #if DEBUG
        // Debug builds (the tests) check every type any test maps against the standard
        // library's own walk: a runtime that changes these entry points fails every test run.
        if let disagreement = disagreement(of: fields, with: type, isClass: kind == _MetadataKind.class.rawValue) {
            assertionFailure(disagreement)
        }
        #endif
        return fields
    }

    /// Where `fields` differ from what `_forEachField(of:options:)` reports for `type` (names,
    /// offsets, types, in order), or `nil` when they agree.
    static func disagreement(of fields: [StoredField], with type: Any.Type, isClass: Bool) -> String? {
        var expected: [(name: String, offset: Int, type: Any.Type)] = []
        // `.classType` (1 << 0) and `.ignoreUnknown` (1 << 1) by value: the standard library
        // declares them as `static var`, which Swift 6 will not read from here.
        let options = _EachFieldOptions(rawValue: isClass ? 0b11 : 0b10)
        let walked = _forEachField(of: type, options: options) { name, offset, fieldType, _ in
            expected.append((String(cString: name), offset, fieldType))
            return true
        }
        let agrees = walked && expected.count == fields.count && zip(expected, fields).allSatisfy { expected, field in
            expected.name == field.storageName && expected.offset == field.offset && expected.type == field.type
        }
        guard !agrees else { return nil }
        return "FieldDiscovery disagrees with _forEachField for \(type): \(fields.map { "\($0.storageName)@\($0.offset): \($0.type)" }) "
            + "vs \(expected.map { "\($0.name)@\($0.offset): \($0.type)" })"
    }

    /// `true` when `type` is an `Optional` of any type.
    /// `type` is a struct (the runtime's metadata kind says so).
    static func isStruct(_ type: Any.Type) -> Bool {
        metadataKind(type) == _MetadataKind.struct.rawValue
    }

    static func isOptional(_ type: Any.Type) -> Bool {
        metadataKind(type) == _MetadataKind.optional.rawValue
    }

    /// Closures and metatypes are code, not data; optionals of them too (`var f: (() -> Void)?`).
    private static func isData(_ type: Any.Type) -> Bool {
        // The commonest types without asking the runtime (the first question about a type's
        // conformances scans all of them).
        if commonDataTypes.contains(ObjectIdentifier(type)) { return true }
        var type = type
        while let optional = type as? any OptionalWrapper.Type { type = optional.wrappedType }
        let kind = metadataKind(type)
        return kind != _MetadataKind.function.rawValue && kind != _MetadataKind.metatype.rawValue
            && kind != _MetadataKind.existentialMetatype.rawValue
    }

    private static let commonDataTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int.self), ObjectIdentifier(String.self), ObjectIdentifier(Bool.self), ObjectIdentifier(Double.self),
        ObjectIdentifier(Int?.self), ObjectIdentifier(String?.self), ObjectIdentifier(Bool?.self), ObjectIdentifier(Double?.self),
        ObjectIdentifier([Int].self), ObjectIdentifier([String].self), ObjectIdentifier([Bool].self), ObjectIdentifier([Double].self),
        ObjectIdentifier([String: Any].self), ObjectIdentifier([Any].self),
    ]

    /// Compiler-generated storage (`lazy var`) is not part of the model's data.
    private static func isHidden(_ name: String) -> Bool {
        // `$` is one byte in UTF-8: no need to compare characters.
        name.utf8.first == UInt8(ascii: "$")
    }
}

/// The layout the runtime fills in for one field (`FieldReflectionMetadata` in the runtime).
private struct FieldFlags {
    var name: UnsafePointer<CChar>? = nil
    var freeName: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

// The runtime's entry points, as the standard library's `_forEachField(of:options:)` (and
// `Mirror`) call them. The three `swift_reflectionMirror_recursive*` functions were added to
// the runtime with `_forEachField`, in Swift 5.2 (`@available(SwiftStdlib 5.2)`: macOS 10.15.4,
// iOS 13.4, tvOS 13.4, watchOS 6.2); `swift_getMetadataKind` is part of the Swift 5.0 ABI.
// Debug builds check every result against `_forEachField` (``FieldDiscovery/disagreement(of:with:isClass:)``).
@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func childMetadata(
    _ type: Any.Type,
    index: Int,
    flags: UnsafeMutablePointer<FieldFlags>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func childCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func childOffset(_ type: Any.Type, index: Int) -> Int

/// The runtime's kind of `type` (what `_MetadataKind` numbers).
@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ type: Any.Type) -> UInt

/// Lets a field's type be looked through when it is an `Optional`.
private protocol OptionalWrapper {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalWrapper {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
