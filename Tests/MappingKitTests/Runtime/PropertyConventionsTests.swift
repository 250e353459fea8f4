import Foundation
@testable import MappingKit
import Observation
import Testing

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Tracked {
    var name = ""
    var _id = 0
    @ObservationIgnored var cache = 1
    init() {}
}

@propertyWrapper private struct Box<Value>: MappableWrapper {
    var wrappedValue: Value
}

@propertyWrapper private struct Opaque<Value> {
    var wrappedValue: Value
}

private struct Wrapped {
    @Box var count = 0
    @Opaque var hidden = ""
    var _id = ""
}

/// Pins what the compiler and the runtime do that MappingKit's names rely on: the storage the
/// `@Observable` macro and property wrappers make, as the runtime reports it.
@Suite("Runtime: storage names and their declared properties")
struct PropertyConventionsTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("@Observable: tracked properties are stored as _name beside a let _$observationRegistrar")
    func observableStorage() {
        let fields = FieldDiscovery.storedFields(of: Tracked.self)
        #expect(fields.map(\.storageName) == ["_name", "__id", "cache", "_$observationRegistrar"])
        #expect(fields.map { "\($0.type)" } == ["String", "Int", "Int", "ObservationRegistrar"])
        #expect(fields.map(\.isMappable) == [true, true, true, false])
        #expect(PropertyConventions.isObservable(fields))
        let declared = PropertyConventions.apply(to: fields)
        #expect(declared.map(\.name) == ["name", "_id", "cache", "_$observationRegistrar"])
        #expect(declared.map { if case .tracked = $0.storage { true } else { false } } == [true, true, false, false])
    }

    @Test("property wrappers are stored as _name, of the wrapper's type; other _names are left alone")
    func wrapperStorage() {
        let fields = FieldDiscovery.storedFields(of: Wrapped.self)
        #expect(fields.map(\.storageName) == ["_count", "_hidden", "_id"])
        #expect(fields.map { "\($0.type)" } == ["Box<Int>", "Opaque<String>", "String"])
        let declared = PropertyConventions.apply(to: fields)
        #expect(declared.map(\.name) == ["count", "_hidden", "_id"])
        #expect(ObjectIdentifier(declared[0].valueType) == ObjectIdentifier(Int.self))
        #expect(!PropertyConventions.isObservable(fields))
        #expect(PropertyConventions.unreachableWrappers(in: declared, model: Wrapped.self).map(\.field.offset) == [fields[1].offset])
    }

    @Test("a wrapper's wrappedValue is read and written at its storage's offset")
    func wrapperAccess() {
        var model = Wrapped()
        let access = Box<Int>.access(at: FieldDiscovery.storedFields(of: Wrapped.self)[0].offset)
        withUnsafeMutableBytes(of: &model) { bytes in
            guard let base = bytes.baseAddress else { return }
            access.set(base, 41)
            #expect(access.get(base) == 41)
        }
        #expect(model.count == 41)
    }
}
