import Foundation
@testable import MappingKit
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

    @Test("enums have no fields")
    func enums() {
        #expect(FieldDiscovery.storedFields(of: NotAModel.self).isEmpty)
    }
}
