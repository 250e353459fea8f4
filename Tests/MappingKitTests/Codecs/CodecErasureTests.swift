@testable import MappingKit
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
        #expect(codec.slotCoding is IntCodec)
        #expect(codec.base is IntCodec)
    }

    @Test("The factory's codecs are the concrete ones behind a Codec, found again by their type")
    func factoryCodecs() throws {
        let optional = CodecFactory.codec(for: Int?.self)
        #expect(ObjectIdentifier(optional.baseType) == ObjectIdentifier(OptionalIntCodec.self))
        #expect(LeafKind(codec: optional.baseType) == .optionalInt)
        let array = CodecFactory.codec(for: [String].self)
        #expect(try array.decode(["a", "b"], in: MappingContext()) == ["a", "b"])
        #expect(CodecFactory.codec(for: [String].self) === array)
    }
}
