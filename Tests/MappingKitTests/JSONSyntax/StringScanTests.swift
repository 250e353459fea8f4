import CMappingKitScan
import Foundation
import Testing

/// Issue 61, item 2: the string scan's vector path (SSE2 on x86-64, NEON on arm64) finds what its
/// scalar path finds, and both what a byte-by-byte reading finds. The suite runs a second time with
/// the scalar path forced (`-Xcc -DMAPPINGKIT_SCALAR_SCAN`, .ci/run); Tests/NEON runs the arm64
/// kernel under qemu.
@Suite("The string and space scans, sixteen bytes at a time")
struct StringScanTests {
    /// The bytes before the first quote, backslash, control character or non-ASCII byte.
    private static func byteByByte(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        return index
    }

    /// `check(bytes, count, value, position)` for every byte value at every position of two
    /// blocks and the tail of 64 bytes of `fill`, from every start up to 17 bytes in.
    private static func everyByteAtEveryPosition(in fill: UInt8, _ check: (UnsafePointer<UInt8>, Int, Int, Int) -> Void) {
        var bytes = [UInt8](repeating: fill, count: 64)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for position in 0..<48 {
                for value in 0...255 {
                    base[position] = UInt8(value)
                    for start in 0...min(position, 17) {
                        check(base + start, buffer.count - start, value, position - start)
                    }
                }
                base[position] = fill
            }
        }
    }

    @Test("every byte value at every position of a block and of the tail, from every alignment")
    func everyByteEveryPosition() {
        Self.everyByteAtEveryPosition(in: UInt8(ascii: "a")) { bytes, count, value, position in
            let expected = Self.byteByByte(bytes, count)
            #expect(mk_plain_string_length(bytes, count) == expected, "byte \(value) at \(position)")
            #expect(mk_plain_string_length_scalar(bytes, count) == expected, "byte \(value) at \(position)")
        }
    }

    @Test("random text, mostly plain, at every length: the vector path agrees with the scalar one")
    func randomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz0123456789 ,.:{}[]".utf8) + [0x22, 0x5C, 0x0A, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...100, using: &generator)
            let bytes = (0..<length).map { _ in
                // One special byte in about forty, so that runs cross blocks.
                Int.random(in: 0..<40, using: &generator) == 0 ? alphabet[Int.random(in: 44..<alphabet.count, using: &generator)]
                    : alphabet[Int.random(in: 0..<44, using: &generator)]
            }
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                #expect(mk_plain_string_length(base, length) == Self.byteByByte(base, length))
                #expect(mk_plain_string_length_scalar(base, length) == Self.byteByByte(base, length))
            }
        }
    }

    @Test("the spaces of an indentation: every byte value at every position, from every alignment")
    func spaceRuns() {
        Self.everyByteAtEveryPosition(in: 0x20) { bytes, count, value, position in
            let expected = value == 0x20 ? count : position
            #expect(mk_space_run_length(bytes, count) == expected, "byte \(value) at \(position)")
            #expect(mk_space_run_length_scalar(bytes, count) == expected, "byte \(value) at \(position)")
        }
    }

    @Test("the path this build takes: SSE2 on x86-64, NEON on arm64, unless the scalar one is forced")
    func path() {
        let path = String(cString: mk_scan_path())
        #if arch(x86_64)
        #expect(path == (mk_scan_forces_scalar() != 0 ? "scalar" : "sse2"))
        #elseif arch(arm64)
        #expect(path == (mk_scan_forces_scalar() != 0 ? "scalar" : "neon"))
        #else
        #expect(path == "scalar")
        #endif
    }
}
