import Foundation
import MappingKitGenerator
import Testing

/// Issue 62, item 1: when objects at one place are a tagged union, and when they are one shape.
@Suite("Tagged unions from samples")
struct TaggedUnionGenerationTests {
    @Test("shapes that differ by their tag are a TaggedEnum, one case per tag, with a fallback")
    func union() throws {
        let source = try generated([#"{"shapes": [{"kind": "circle", "radius": 1.5}, {"kind": "square", "side": 2}]}"#])
        #expect(source.contains("""
            /// The objects first seen in `shapes`, one case per "kind" (2 in the samples).
            enum Shape: TaggedEnum {
                case circle(Circle)
                case square(Square)
                /// Any other "kind", with the whole object it came in: written back as it was.
                case other(String, UnmappedValues)

                static var tagging: EnumTagging { EnumTagging.internallyTagged(tag: "kind").unknownTags(as: "other") }
            }
            """))
        #expect(source.contains("struct Circle: MappableCodable {\n    var radius = 0.0\n}"))
        #expect(source.contains("    var shapes: [Shape] = []\n"))
    }

    @Test("objects of the tag and one object beside it, for every tag, are adjacently tagged, as the samples are")
    func adjacent() throws {
        let source = try generated([#"{"m": [{"type": "chat", "payload": {"text": "hi"}}, {"type": "typing", "payload": {"until": 5}}]}"#])
        #expect(source.contains("    case chat(Chat)\n    case typing(Typing)\n"))
        #expect(source.contains(#"static var tagging: EnumTagging { EnumTagging.adjacentlyTagged(tag: "type", content: "payload").unknownTags(as: "other") }"#))
        #expect(source.contains("struct Chat: MappableCodable {\n    var text = \"\"\n}"))
    }

    @Test("no union: one tag, the same shape under every tag, or objects without the tag among them", arguments: [
        #"{"items": [{"type": "a", "n": 1}, {"type": "a", "n": 2}]}"#,
        #"{"items": [{"type": "a", "n": 1}, {"type": "b", "n": 2}]}"#,
        #"{"items": [{"type": "a", "n": 1}, {"n": 2, "m": 3}]}"#,
        // A key only null under one tag says nothing; an object's other keys one level in do.
        #"{"items": [{"type": "a", "n": null}, {"type": "b", "n": 2}]}"#,
    ])
    func notUnions(sample: String) throws {
        let source = try generated([sample])
        #expect(!source.contains("TaggedEnum"))
        #expect(source.contains("struct Item: Mappable {"))
    }

    @Test("a key holding another kind of value under each tag, through arrays, is a difference (GeoJSON's coordinates)")
    func deeperArrays() throws {
        let source = try generated([#"{"g": [{"type": "Point", "c": [1.5, 2]}, {"type": "Line", "c": [[1.5, 2], [3, 4]]}]}"#])
        #expect(source.contains("    case point(Point)\n    case line(Line)\n"))
        #expect(source.contains("        case point = \"Point\"\n        case line = \"Line\"\n        case other\n"))
        #expect(source.contains("    var c: [[Double]] = []\n"))
    }

    @Test("the top type is never a union, and a shape seen only where values are of several kinds is no type")
    func topAndAny() throws {
        let top = try generated([#"{"type": "a", "x": 1}"#, #"{"type": "b", "y": "z"}"#])
        #expect(!top.contains("TaggedEnum"))
        let any = try generated([#"{"p": [{"q": {"this": "that"}}, {"q": 0.5}]}"#])
        #expect(any.contains("    var q: Any?\n"))
        #expect(!any.contains("struct Q"))
    }
}
