import Foundation
import MappingKit
import Testing

private struct Node: Mappable {
    var kids: [Node] = []
}

/// A binary property list of `levels` dictionaries, each `{"kids": [next, next]}` with both
/// elements the same object: `levels` × 6 bytes that reach 2^levels leaves when followed.
private func sharedGraph(levels: Int) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    func object(_ encoded: [UInt8]) {
        offsets.append(bytes.count)
        bytes += encoded
    }
    object([0x54] + Array("kids".utf8))                       // 0: the key
    for level in 0..<levels {
        let dictionary = 1 + 2 * level
        object([0xD1, 0, UInt8(dictionary + 1)])               // {"kids": the array after it}
        object([0xA2, UInt8(dictionary + 2), UInt8(dictionary + 2)])   // [next, next]: one object twice
    }
    object([0xD1, 0, UInt8(2 + 2 * levels)])                  // the last dictionary
    object([0xA0])                                             // its empty array
    let table = bytes.count
    bytes += offsets.map(UInt8.init)
    func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    bytes += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(offsets.count) + bigEndian(1) + bigEndian(table)
    return Data(bytes)
}

@Suite("Property lists: shared references cannot amplify the work")
struct PropertyListAmplificationTests {
    @Test("the hand-made list is what it says: 3 levels reach 8 leaves")
    func smallGraph() throws {
        let root = try Node(propertyList: sharedGraph(levels: 3))
        #expect(root.kids.count == 2)
        #expect(root.kids[0].kids[1].kids.count == 2)
        #expect(root.kids[0].kids[0].kids[0].kids.isEmpty)
    }

    // How fast the refusals come is the benchmark's business, not a unit test's: these check
    // that they come, at the bound, rather than after 2^30 models.
    @Test("a few hundred bytes reaching 2^30 models stop at a bound relative to the input's size")
    func amplification() throws {
        let data = sharedGraph(levels: 30)
        #expect(data.count == 292)
        let error = mappingError { _ = try Node(propertyList: data) }
        #expect(error?.description
            == "expected at most 4096 values reached through a property list's shared references (MappingLimits.maximumValues), found more")
    }

    @Test("MappingLimits.untrusted stops a shared graph reached through a dictionary at its model bound")
    func untrusted() throws {
        // Swift dictionaries share their storage: thirty levels cost thirty dictionaries.
        var input: [String: Any] = ["kids": [Any]()]
        for _ in 0..<30 { input = ["kids": [input, input]] }
        let error = mappingError { _ = try Node(dictionary: input, limits: .untrusted) }
        #expect(error?.description.hasSuffix("expected at most 100000 models in one call (MappingLimits.maximumModels), found more") == true)
    }
}
