@testable import MappingKit
import Foundation
import Testing

/// `Codec<Value>`, the class that stands where `any ValueCodec<Value>` would need macOS 13 /
/// iOS 16: erased once, the concrete codec still found behind it.
@Suite("Codecs: erased to Codec<Value>")
struct CodecErasureTests {
    @Test("A codec is erased once: erasing a Codec gives the same object back")
    func erasedOnce() {
        let codec = Codec.erasing(IntCodec(general: IntegerCodec<Int>(mode: .lossless)))
        #expect(Codec.erasing(codec) === codec)
        #expect(ObjectIdentifier(codec.baseType) == ObjectIdentifier(IntCodec.self))
        #expect(codec.slots is IntCodec)
        #expect(codec.base is IntCodec)
    }

    /// `Codec`'s own members trap: every `Codec` made must be the one box, ``ErasedCodec``,
    /// whichever way it was made.
    @Test("Every codec made is the erased codec, and erasing one again gives it back")
    func everyCodecIsJSONs() {
        let made: [AnyObject] = [
            Codec.erasing(StringCodec()),
            CodecFactory.codec(for: Int?.self),
            CodecFactory.codec(for: [String: [Double]].self),
            CodecFactory.codec(for: Set<Int>.self),
            CodecFactory.codec(for: Date?.self),
            OptionalCodec<String>.box(wrapping: CodecFactory.codec(for: String.self)),
            OptionalCodec<[Int]>.box(wrapping: CodecFactory.codec(for: [Int].self)),
        ]
        #expect(made.allSatisfy { String(describing: type(of: $0)).hasPrefix("ErasedCodec<") })
        let codec = CodecFactory.codec(for: [Int].self)
        #expect(codec.erased() === codec)
        #expect(Codec.erasing(codec) === codec)
    }

    @Test("The factory's codecs are the concrete ones behind a Codec, found again by their type")
    func factoryCodecs() throws {
        let optional = CodecFactory.codec(for: Int?.self)
        #expect(ObjectIdentifier(optional.baseType) == ObjectIdentifier(OptionalIntCodec.self))
        #expect(optional.leafKind == .optionalInt)
        let array = CodecFactory.codec(for: [String].self)
        #expect(try array.decode(["a", "b"], in: MappingContext()) == ["a", "b"])
        #expect(CodecFactory.codec(for: [String].self) === array)
    }

    /// `Codec`'s own members trap (it is made only as an erased codec); this calls every member
    /// of ``ValueCodec`` (native values, raw memory and JSON) through an
    /// erased codec, so a member the erased class failed to override would crash this test, not
    /// a user's mapping.
    @Test("Every codec member of an erased codec reaches the concrete codec")
    func everyMemberOverridden() throws {
        let codec = Codec.erasing(ArrayCodec(element: CodecFactory.codec(for: Int.self)))
        let context = MappingContext()
        #expect(try codec.decode([1, 2], in: context) == [1, 2])
        #expect(try codec.encode([3], in: context) as? [Int] == [3])
        #expect(codec.encodesUnchanged)
        #expect(codec.valueShape.kind == .array)
        #expect(StoreColumn.Kind(shape: codec.valueShape, in: context) == .json)
        #expect(codec.base is ArrayCodec<Int>)
        #expect(ObjectIdentifier(codec.baseType) == ObjectIdentifier(ArrayCodec<Int>.self))
        #expect(codec.slots is ArrayCodec<Int>)
        let slots = codec.slots
        let json = codec.slots

        var slot: [Int] = []
        var other: [Int] = [9]
        try withUnsafeMutablePointer(to: &slot) { pointer in
            let raw = UnsafeMutableRawPointer(pointer)
            try slots.decode([4], over: raw, in: context)
            #expect(pointer.pointee == [4])
            #expect(try slots.encode(at: raw, in: context) as? [Int] == [4])
            try withUnsafeMutablePointer(to: &other) { second in
                slots.move(from: raw, over: UnsafeMutableRawPointer(second))
                #expect(second.pointee == [4])
                try slots.decode([6], into: raw, in: context)
            }
            #expect(pointer.pointee == [6])
        }
        // The calls on a whole array of this codec's values: `[[Int]]` in place.
        var arrays: [[Int]] = []
        try withUnsafeMutablePointer(to: &arrays) { pointer in
            try slots.decodeElements(of: [[7], [8]], at: UnsafeMutableRawPointer(pointer), initializing: false, in: context)
            #expect(pointer.pointee == [[7], [8]])
            #expect(try slots.encodeArray(at: UnsafeRawPointer(pointer), in: context) as? [[Int]] == [[7], [8]])
        }
        #expect(try codec.decodeElements(of: [[1], [2]], in: context) == [[1], [2]])
        #expect(try codec.encodeElements(of: [[1]], in: context) as? [[Int]] == [[1]])

        let read = try JSONReader.read(Array("[[1],[2,3]]".utf8), limits: .default) { reader in
            try codec.decodeJSONElements(&reader, in: context)
        }
        #expect(read == [[1], [2, 3]])
        let single = try JSONReader.read(Array("[8]".utf8), limits: .default) { reader in
            try codec.decodeJSON(&reader, in: context)
        }
        #expect(single == [8])
        let inPlace = try JSONReader.read(Array("[9]".utf8), limits: .default) { reader -> [Int] in
            var value: [Int] = []
            try withUnsafeMutablePointer(to: &value) { pointer in
                let raw = UnsafeMutableRawPointer(pointer)
                slots.destroy(at: raw)
                try json.decodeJSON(&reader, into: raw, in: context)
            }
            return value
        }
        #expect(inPlace == [9])
        let fromJSON = try JSONReader.read(Array("[[1]]".utf8), limits: .default) { reader -> [[Int]] in
            var value: [[Int]] = []
            try withUnsafeMutablePointer(to: &value) { pointer in
                let raw = UnsafeMutableRawPointer(pointer)
                slots.destroy(at: raw)
                try codec.decodeJSONArray(&reader, into: raw, in: context)
            }
            return value
        }
        #expect(fromJSON == [[1]])

        var writer = JSONWriter(options: [])
        var value = [1, 2]
        #expect(try codec.encodeJSON(at: &value, into: &writer, in: context))
        #expect(try withUnsafePointer(to: &value) { try json.encodeJSON(atSlot: $0, into: &writer, in: context) })
        try [[3]].withUnsafeBufferPointer { try codec.encodeJSONElements($0, into: &writer, in: context) }
        #expect(String(decoding: writer.data, as: UTF8.self) == "[1,2][1,2][[3]]")
    }
}
