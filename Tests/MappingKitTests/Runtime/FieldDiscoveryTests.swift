import Foundation
@testable import MappingKit
import Observation
import Testing

private final class Target {
    nonisolated(unsafe) static let anchor = Target()
}

private struct Sample {
    var number = 0
    let constant = ""
    private(set) var limited = 0.0
    weak var weakRef: Target?
    var closure: () -> Void = {}
    lazy var lazyValue = 1
    var optional: [Int]?
}

private class Parent {
    var inherited = 0
    let constant = 1
}

private final class Child: Parent {
    var own = ""
    weak var weakRef: Target?
    unowned var unownedRef: Target = Target.anchor
    var closure: () -> Void = {}
}

private enum NotAModel { case one }

private struct Generic<Value> {
    var value: Value
    var values: [Value] = []
    var label = ""
}

@propertyWrapper private struct Doubled {
    private var stored = 0
    init(wrappedValue: Int) { stored = wrappedValue * 2 }
    var wrappedValue: Int {
        get { stored }
        set { stored = newValue * 2 }
    }
}

private struct Wrapped {
    @Doubled var level = 1
    var name = ""
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable private final class Observed {
    var name = ""
    var age = 0
    @ObservationIgnored var note = ""
}

@Suite("Field discovery")
struct FieldDiscoveryTests {
    @Test("struct fields: names, offsets, types; only strong vars are mappable")
    func structFields() {
        let fields = FieldDiscovery.storedFields(of: Sample.self)
        #expect(fields.filter(\.isMappable).map(\.name) == ["number", "limited", "optional"])
        #expect(fields.map(\.name) == ["number", "constant", "limited", "weakRef", "closure", "$__lazy_storage_$_lazyValue", "optional"])
        #expect(fields.first { $0.name == "number" }?.offset == MemoryLayout<Sample>.offset(of: \Sample.number))
        #expect(fields.first { $0.name == "optional" }?.type == [Int]?.self)
    }

    @Test("class fields include the superclass's; weak, unowned, let and closures are not mappable")
    func classFields() {
        let fields = FieldDiscovery.storedFields(of: Child.self)
        #expect(fields.map(\.name) == ["inherited", "constant", "own", "weakRef", "unownedRef", "closure"])
        #expect(fields.filter(\.isMappable).map(\.name) == ["inherited", "own"])
        #expect(fields.first?.offset == 2 * MemoryLayout<Int>.size)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("FieldDiscovery agrees with the standard library's _forEachField: structs, classes, subclasses, generics, wrappers, @Observable")
    func agreesWithTheStandardLibrary() {
        let types: [(Any.Type, Bool)] = [
            (Sample.self, false), (Generic<Int>.self, false), (Generic<String?>.self, false), (Generic<Sample>.self, false),
            (Wrapped.self, false), (Parent.self, true), (Child.self, true), (Observed.self, true),
        ]
        for (type, isClass) in types {
            let fields = FieldDiscovery.storedFields(of: type)
            #expect(!fields.isEmpty)
            #expect(FieldDiscovery.disagreement(of: fields, with: type, isClass: isClass) == nil)
        }
        // And it notices a difference.
        var moved = FieldDiscovery.storedFields(of: Wrapped.self)
        moved.swapAt(0, 1)
        #expect(FieldDiscovery.disagreement(of: moved, with: Wrapped.self, isClass: false)?.hasPrefix("FieldDiscovery disagrees with _forEachField for Wrapped") == true)
        #expect(FieldDiscovery.storedFields(of: Observed.self).map(\.storageName) == ["_name", "_age", "note", "_$observationRegistrar"])
    }

    @Test("enums have no fields")
    func enums() {
        #expect(FieldDiscovery.storedFields(of: NotAModel.self).isEmpty)
    }

    /// `isOptional` reads the runtime's metadata kind instead of asking whether the type
    /// conforms to a protocol: it must answer as that question does, for every shape of type.
    @Test("isOptional answers as a conformance check on Optional does")
    func optionalKind() {
        let types: [Any.Type] = [
            Int.self, Int?.self, Int??.self, String?.self, [Int]?.self, [Int?].self, Sample?.self, Sample.self,
            Child?.self, Child.self, NotAModel?.self, NotAModel.self, (() -> Void)?.self, Any.self, Any?.self,
            AnyObject?.self, (Int, Int)?.self, Generic<Int?>.self, Generic<Int>?.self, Int.Type?.self,
        ]
        #expect(types.map(FieldDiscovery.isOptional) == types.map { $0 is any OptionalValue.Type })
        #expect(types.map(FieldDiscovery.isOptional) == [
            false, true, true, true, true, false, true, false, true, false, true, false, true, false, true,
            true, true, false, true, true,
        ])
        #expect(FieldDiscovery.storedFields(of: Sample.self).map(\.isOptional) == [false, false, false, true, false, true, true])
    }

    /// `isStruct` reads the metadata kind too: what a plan compares field by field (see
    /// `ObjectPlan.modelsWithDefaults`).
    @Test("isStruct is true for structs only")
    func structKind() {
        let types: [Any.Type] = [Int.self, String.self, Sample.self, Generic<Int>.self, Int?.self, Child.self, NotAModel.self, Any.self, (Int, Int).self]
        #expect(types.map(FieldDiscovery.isStruct) == [true, true, true, true, false, false, false, false, false])
    }
}
