import Foundation
import MappingKit
import Testing

private protocol Shape {
    var area: Double { get }
}

private struct Circle: Shape, Mappable, Equatable {
    var radius = 0.0
    var area: Double { 3 * radius * radius }
}

private struct Square: Shape, Mappable, Equatable {
    var side = 0.0
    var area: Double { side * side }
}

private struct Label: Mappable {
    var text = ""
}

private struct Drawing: Mappable {
    var main: any Shape = Square()
    var highlight: (any Shape)?
    var shapes: [any Shape] = []
    var named: [String: any Shape] = [:]

    static let kinds = TypeChoice.byKey("kind", ["circle": Circle.self, "square": Square.self])
    static let mappingConfiguration = MappingConfiguration(for: Drawing.self) { map in
        map.map(\.main, choosing: .always(Circle.self))
        map.map(\.highlight, choosing: kinds)
        map.map(\.shapes, choosing: kinds)
        map.map(\.named, choosing: kinds)
    }
}

/// Issue 44, item 6: dynamic types on optional collections.
private struct Toybox: MappableCodable {
    var toys: [Any]?
    var shapes: [any Shape]?
    var named: [String: any Shape]?

    static let mappingConfiguration = MappingConfiguration(for: Toybox.self) { map in
        map.map(\.toys, choosing: .always(Circle.self))
        map.map(\.shapes, choosing: Drawing.kinds)
        map.map(\.named, choosing: Drawing.kinds)
    }
}

private struct Wrong: Mappable {
    var shape: any Shape = Circle()
}

@Suite("Configuration: nested and dynamic types")
struct TypeChoiceTests {
    @Test("optional arrays and dictionaries choose their elements' types as the non-optional forms do; null clears them")
    func optionalCollections() throws {
        let box = try mapped(Toybox.self, jsonDictionary("""
            {"toys": [{"radius": 1}], "shapes": [{"kind": "square", "side": 2}], "named": {"dot": {"kind": "circle", "radius": 3}}}
            """))
        #expect(box.toys?.compactMap { $0 as? Circle } == [Circle(radius: 1)])
        #expect(box.shapes?.compactMap { $0 as? Square } == [Square(side: 2)])
        #expect(box.named?["dot"] as? Circle == Circle(radius: 3))
        #expect(Plain(try box.dictionaryRepresentation()) == Plain(try jsonDictionary("""
            {"toys": [{"radius": 1.0}], "shapes": [{"kind": "square", "side": 2.0}], "named": {"dot": {"kind": "circle", "radius": 3.0}}}
            """)))
        let json = #"{"toys": [{"radius": 1}], "shapes": [{"kind": "square", "side": 2}], "named": {"dot": {"kind": "circle", "radius": 3}}}"#
        let decoded = try JSONDecoder().decode(Toybox.self, from: Data(json.utf8))
        #expect(Plain(try decoded.dictionaryRepresentation()) == Plain(try box.dictionaryRepresentation()))
        let cleared = try mapped(Toybox.self, ["toys": NSNull(), "shapes": NSNull()])
        #expect(cleared.toys == nil && cleared.shapes == nil && cleared.named == nil)
    }

    @Test("a protocol-typed property hydrates as the named type, or the type its discriminator names")
    func decode() throws {
        let drawing = try mapped(Drawing.self, jsonDictionary("""
            {"main": {"radius": 2}, "highlight": {"kind": "square", "side": 3},
             "shapes": [{"kind": "circle", "radius": 1}, {"kind": "square", "side": 2}],
             "named": {"dot": {"kind": "circle", "radius": 0.5}}}
            """))
        #expect(drawing.main as? Circle == Circle(radius: 2))
        #expect(drawing.highlight as? Square == Square(side: 3))
        #expect(drawing.shapes.map(\.area) == [3, 4])
        #expect(drawing.named["dot"] as? Circle == Circle(radius: 0.5))
    }

    @Test("the representation writes the discriminator back")
    func encode() throws {
        var drawing = Drawing()
        drawing.main = Circle(radius: 1)
        drawing.shapes = [Square(side: 2), Circle(radius: 3)]
        #expect(try plainRepresentation(of: drawing) == .object([
            "main": .object(["radius": .double(1)]),
            "shapes": .array([
                .object(["kind": .string("square"), "side": .double(2)]),
                .object(["kind": .string("circle"), "radius": .double(3)]),
            ]),
            "named": .object([:]),
        ]))
    }

    @Test("an unknown or missing discriminator is an error at its path")
    func unknownKind() throws {
        let input = try jsonDictionary(#"{"shapes": [{"kind": "triangle"}, {"side": 1}]}"#)
        #expect(mappingError { _ = try mapped(Drawing.self, input) }?.description == """
            2 problems:
              shapes[0].kind: expected one of "circle", "square", found String "triangle"
              shapes[1].kind: expected one of "circle", "square", found nothing
            """)
    }

    @Test("a type that is not the property's type is a configuration error")
    func wrongType() {
        var configuration = MappingConfiguration()
        configuration.extend(for: Wrong.self) { map in map.map(\.shape, choosing: .always(Label.self)) }
        var wrong = Wrong()
        #expect(mappingError { try wrong.update(from: [:], configuration: configuration) }?.description
            == "configuration of Wrong: Label is not a Shape, so \\Wrong.shape cannot hold it")
    }
}
