import Foundation
import MappingKit
import Testing

// Code from the DocC articles (Sources/MappingKit/MappingKit.docc), run here so that what they
// show is what the library does.

private struct Point: Mappable {
    var x = 0.0
    var y = 0.0
}

@Suite("DocC articles")
struct DocCArticleTests {
    @Test("Working with JSON: arrays in, a model out, doubles written as doubles")
    func workingWithJSON() throws {
        let points = try Point.array(json: #"[{"x": 1.5, "y": 2}, {"x": 0, "y": -1}]"#)
        #expect(points.map(\.x) == [1.5, 0.0])
        #expect(points.map(\.y) == [2.0, -1.0])
        #expect(String(decoding: try points[0].jsonData(options: .sortedKeys), as: UTF8.self) == #"{"x":1.5,"y":2.0}"#)
    }
}
