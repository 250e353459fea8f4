import Foundation
import MappingKit
import Testing

private struct Leaves: Mappable {
    var int = 0
    var text = ""
    var flag = false
    var ratio = 0.0
    var maybeInt: Int?
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeRatio: Double?
}

private struct NullLeaves: Mappable {
    var int = 0
    var maybeInt: Int?
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeRatio: Double?
    static let mappingConfiguration = MappingConfiguration(for: NullLeaves.self) { $0.nilRepresentation = .null }
}

/// `Int`, `String`, `Bool`, `Double` and their optionals are written by the plan's loop itself,
/// not through their fields' codecs: the values, the kinds and the errors must be the codecs'.
@Suite("Properties of the common types, written by the plan's loop")
struct LeafFieldTests {
    @Test("every common type is written as its own kind; nil optionals are left out")
    func values() throws {
        let full = Leaves(int: -7, text: "é", flag: true, ratio: 0.1, maybeInt: 0, maybeText: "", maybeFlag: false, maybeRatio: -2.5)
        #expect(try plainRepresentation(of: full).description == """
            ["flag": true, "int": -7, "maybeFlag": false, "maybeInt": 0, "maybeRatio": -2.5d, "maybeText": "", "ratio": 0.1d, "text": "é"]
            """)
        #expect(try plainRepresentation(of: Leaves()).description == """
            ["flag": false, "int": 0, "ratio": 0.0d, "text": ""]
            """)
    }

    @Test("nil optionals are written as NSNull when the configuration says so")
    func nulls() throws {
        #expect(try plainRepresentation(of: NullLeaves()).description == """
            ["int": 0, "maybeFlag": null, "maybeInt": null, "maybeRatio": null, "maybeText": null]
            """)
    }

    @Test("a Double that is not finite is the codec's error, under the property's key",
          arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        let plain = mappingError { _ = try Leaves(ratio: value).dictionaryRepresentation() }
        #expect(plain?.description == "ratio: expected a finite Double, found Double \(value)")
        let optional = mappingError { _ = try Leaves(maybeRatio: value).dictionaryRepresentation() }
        #expect(optional?.description == "maybeRatio: expected a finite Double, found Double \(value)")
    }

    @Test("arrays of models whose plan writes leaves read back equal")
    func roundTrip() throws {
        let models = [Leaves(int: 1, maybeText: "a"), Leaves(flag: true, maybeRatio: 1e300)]
        let written = try models.map { try $0.dictionaryRepresentation() }
        let read = try Leaves.array(from: written)
        #expect(try read.map { try plainRepresentation(of: $0) } == models.map { try plainRepresentation(of: $0) })
    }
}
