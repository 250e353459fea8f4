import Foundation
@testable import MappingKit
import Testing

// Key paths in every form a configuration can get them (issue 57, item 1): concrete, formed in
// generic code, a protocol requirement's, through a superclass; on structs, final and non-final
// classes; for every value type the locator's probe values cover. A generic key path is a
// `WritableKeyPath` even when its root is a class: the locator must take the class's branch from
// the root type, never from the key path's class (it read the stack and crashed).

/// A type the tests hold in a model, with a value unlike its default.
private protocol Sampled: Equatable, Sendable {
    static var initial: Self { get }
    static var sample: Self { get }
}

extension Int: Sampled { static var initial: Int { 0 }; static var sample: Int { 42 } }
extension Int8: Sampled { static var initial: Int8 { 0 }; static var sample: Int8 { -7 } }
extension UInt64: Sampled { static var initial: UInt64 { 0 }; static var sample: UInt64 { 9 } }
extension Int16: Sampled { static var initial: Int16 { 0 }; static var sample: Int16 { -300 } }
extension Int32: Sampled { static var initial: Int32 { 0 }; static var sample: Int32 { 70_000 } }
extension Int64: Sampled { static var initial: Int64 { 0 }; static var sample: Int64 { -5 } }
extension UInt: Sampled { static var initial: UInt { 0 }; static var sample: UInt { 5 } }
extension UInt8: Sampled { static var initial: UInt8 { 0 }; static var sample: UInt8 { 200 } }
extension UInt16: Sampled { static var initial: UInt16 { 0 }; static var sample: UInt16 { 60_000 } }
extension UInt32: Sampled { static var initial: UInt32 { 0 }; static var sample: UInt32 { 4_000_000_000 } }
extension Double: Sampled { static var initial: Double { 0 }; static var sample: Double { 2.5 } }
extension Float: Sampled { static var initial: Float { 0 }; static var sample: Float { -1.25 } }
extension Bool: Sampled { static var initial: Bool { false }; static var sample: Bool { true } }
extension String: Sampled { static var initial: String { "" }; static var sample: String { "text" } }
extension Decimal: Sampled { static var initial: Decimal { 0 }; static var sample: Decimal { Decimal(string: "19.99") ?? 0 } }
extension Date: Sampled {
    static var initial: Date { Date(timeIntervalSince1970: 0) }
    static var sample: Date { Date(timeIntervalSince1970: 1_000) }
}
extension Data: Sampled { static var initial: Data { Data() }; static var sample: Data { Data([1, 2, 3]) } }
extension URL: Sampled {
    static var initial: URL { URL(fileURLWithPath: "/") }
    static var sample: URL { URL(fileURLWithPath: "/sample") }
}
extension UUID: Sampled {
    static var initial: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    static var sample: UUID { UUID(uuid: (9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
extension Optional: Sampled where Wrapped: Sampled {
    static var initial: Wrapped? { nil }
    static var sample: Wrapped? { Wrapped.sample }
}
extension Array: Sampled where Element: Sampled {
    static var initial: [Element] { [] }
    static var sample: [Element] { [Element.sample, Element.initial] }
}
extension Dictionary: Sampled where Key == String, Value: Sampled {
    static var initial: [String: Value] { [:] }
    static var sample: [String: Value] { ["a": Value.sample] }
}

private enum Suit: String, CaseIterable, Sendable, Sampled {
    case hearts, spades
    static var initial: Suit { .hearts }
    static var sample: Suit { .spades }
}

/// An enum with integer raw values and no `CaseIterable`: probed by its raw values.
private enum Grade: Int, Sendable, Sampled {
    case first = 1, second = 2
    static var initial: Grade { .first }
    static var sample: Grade { .second }
}

/// A model class held by another: probed by identity, compared here by its field.
private final class Reference: Mappable, Sampled, @unchecked Sendable {
    var name = ""
    required init() {}
    init(name: String) { self.name = name }
    static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.name == rhs.name }
    static var initial: Reference { Reference() }
    static var sample: Reference { Reference(name: "sample") }
}

/// The protocol whose requirement the generic key paths name.
private protocol HoldsValue {
    associatedtype Held
    var held: Held { get set }
}

private struct ValueStruct<Held: Sampled>: Mappable, HoldsValue, Equatable {
    var flag = true
    var number = 0
    var held = Held.initial
}

private final class FinalBox<Held: Sampled>: Mappable, HoldsValue {
    var flag = true
    var number = 0
    var held = Held.initial
    required init() {}
}

private class OpenBox<Held: Sampled>: Mappable, HoldsValue {
    var flag = true
    var number = 0
    var held = Held.initial
    required init() {}
}

private final class SubBox<Held: Sampled>: OpenBox<Held> {
    var extra = ""
}

/// A mapper that maps `held` to `"h"` through a key path formed where the model is generic.
private func genericMapper<Model: Mappable & HoldsValue>(_: Model.Type) -> Mapper {
    let mapper = Mapper()
    mapper.register(MappingConfiguration(for: Model.self) { $0.map(\.held, to: "h") }, for: Model.self)
    return mapper
}

/// The same through a superclass constraint: `\Model.held` where `Model: OpenBox<Held>`.
private func superclassMapper<Held: Sampled, Model: OpenBox<Held>>(_: Model.Type, _: Held.Type) -> Mapper {
    let mapper = Mapper()
    mapper.register(MappingConfiguration(for: Model.self) { $0.map(\.held, to: "h") }, for: Model.self)
    return mapper
}

/// Reads `sample` written by the model itself back through `mapper` and returns what was held.
private func heldRoundTrip<Model: Mappable & HoldsValue>(
    _: Model.Type, _ mapper: Mapper
) throws -> (written: [String: Any], read: Model.Held) where Model.Held: Sampled {
    var model = Model()
    model.held = Model.Held.sample
    let written = try mapper.dictionaryRepresentation(of: model)
    let read = try mapper.map(written, to: Model.self)
    return (written, read.held)
}

@Suite("Key paths in every form locate their stored property")
struct PropertyLocatorTests {
    /// The reproduction, verbatim in shape: it crashed in `Dictionary.containerProbes`.
    @Test("a generic key path on a class maps (it read the stack and crashed)")
    func genericClassKeyPath() throws {
        let box = try genericMapper(FinalBox<[String: Int]>.self).map(["h": ["a": 1]], to: FinalBox<[String: Int]>.self)
        #expect(box.held == ["a": 1])
    }

    @Test("a protocol requirement's key path on a struct maps")
    func genericStructKeyPath() throws {
        let model = try genericMapper(ValueStruct<Int>.self).map(["h": 5], to: ValueStruct<Int>.self)
        #expect(model == ValueStruct(flag: true, number: 0, held: 5))
    }

    private static func check<Held: Sampled>(_: Held.Type) throws {
        func roundTrip<Model: Mappable & HoldsValue>(_ type: Model.Type, _ mapper: Mapper, _ form: String) throws
        where Model.Held == Held {
            let (written, read) = try heldRoundTrip(type, mapper)
            #expect(written["h"] != nil, "\(form) \(Model.self): wrote \(written)")
            #expect(written["held"] == nil, "\(form) \(Model.self): wrote \(written)")
            #expect(read == Held.sample, "\(form) \(Model.self)")
        }
        // Generic: the key path formed where the model is a type parameter.
        try roundTrip(ValueStruct<Held>.self, genericMapper(ValueStruct<Held>.self), "generic")
        try roundTrip(FinalBox<Held>.self, genericMapper(FinalBox<Held>.self), "generic")
        try roundTrip(OpenBox<Held>.self, genericMapper(OpenBox<Held>.self), "generic")
        try roundTrip(SubBox<Held>.self, genericMapper(SubBox<Held>.self), "generic")
        // Through a superclass constraint.
        try roundTrip(OpenBox<Held>.self, superclassMapper(OpenBox<Held>.self, Held.self), "superclass")
        try roundTrip(SubBox<Held>.self, superclassMapper(SubBox<Held>.self, Held.self), "superclass")
        // Concrete.
        func concrete<Model: Mappable & HoldsValue>(_: Model.Type, _ keyPath: WritableKeyPath<Model, Held>) -> Mapper {
            let mapper = Mapper()
            mapper.register(MappingConfiguration(for: Model.self) { $0.map(keyPath, to: "h") }, for: Model.self)
            return mapper
        }
        try roundTrip(ValueStruct<Held>.self, concrete(ValueStruct<Held>.self, \ValueStruct<Held>.held), "concrete")
        try roundTrip(FinalBox<Held>.self, concrete(FinalBox<Held>.self, \FinalBox<Held>.held), "concrete")
        try roundTrip(OpenBox<Held>.self, concrete(OpenBox<Held>.self, \OpenBox<Held>.held), "concrete")
        try roundTrip(SubBox<Held>.self, concrete(SubBox<Held>.self, \SubBox<Held>.held), "concrete")
    }

    @Test("every form, every model kind, every probed value type")
    func everyForm() throws {
        try Self.check(Int.self)
        try Self.check(Int8.self)
        try Self.check(UInt64.self)
        try Self.check(Int16.self)
        try Self.check(Int32.self)
        try Self.check(Int64.self)
        try Self.check(UInt.self)
        try Self.check(UInt8.self)
        try Self.check(UInt16.self)
        try Self.check(UInt32.self)
        try Self.check(Grade.self)
        try Self.check(Reference.self)
        try Self.check(Double.self)
        try Self.check(Float.self)
        try Self.check(Bool.self)
        try Self.check(String.self)
        try Self.check(Decimal.self)
        try Self.check(Date.self)
        try Self.check(Data.self)
        try Self.check(URL.self)
        try Self.check(UUID.self)
        try Self.check(Suit.self)
        try Self.check(Int?.self)
        try Self.check(String?.self)
        try Self.check([Int].self)
        try Self.check([String].self)
        try Self.check([String: Int].self)
        try Self.check([String: String?].self)
    }

    /// A computed property through a protocol requirement is still no stored property: the
    /// probe's two writes must land in one field and read back unchanged.
    @Test("a generic key path to a computed requirement is refused with the message a concrete one gets")
    func computedRequirement() throws {
        let error = mappingError { _ = try genericMapper(Halving.self).map(["h": 4], to: Halving.self) }
        #expect(error?.description.hasSuffix("is not a stored `var` property of Halving") == true, "\(String(describing: error))")
    }
}

/// `held` is computed: it stores half of what it is given.
private struct Halving: Mappable, HoldsValue {
    var stored = 0
    var held: Int {
        get { stored * 2 }
        set { stored = newValue / 2 }
    }
}
