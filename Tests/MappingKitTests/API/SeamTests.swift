import Foundation
import MappingKit
import Testing

// Issue 57: rules and positions that were each tested alone, tested together. Each test here
// failed on 7877430; the feature × position matrix (`Engine/FeaturePositionMatrixTests`) keeps
// the class of defect from coming back.

private enum Geometry: TaggedEnum, Equatable {
    case point(coordinates: [Double])
    case line(coordinates: [[Double]])
    enum CodingKeys: String, CodingKey { case point = "Point", line = "LineString" }
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private struct StrictFeature: Mappable, Equatable {
    var g = Geometry.point(coordinates: [])
    var c: [Double] = []
    static let mappingConfiguration = MappingConfiguration(for: StrictFeature.self) { $0.coercion = .strict }
}

private struct Feature: Mappable, Equatable {
    var g = Geometry.point(coordinates: [])
}

@Suite("Issue 57: rules reach every position")
struct SeamTests {
    @Test("item 2: .strict reaches a tagged enum's payload, per type and through a mapper")
    func strictPayloads() throws {
        let input: [String: Any] = ["g": ["type": "Point", "coordinates": ["1", 2]]]
        let perType = mappingError { _ = try StrictFeature(dictionary: input) }
        #expect(perType?.description == #"g.coordinates[0]: expected Double, found String "1""#)
        // The same value in a property of the payload's type gets the same message.
        let property = mappingError { _ = try StrictFeature(dictionary: ["c": ["1", 2]]) }
        #expect(property?.description == #"c[0]: expected Double, found String "1""#)
        let json = mappingError { _ = try StrictFeature(json: #"{"g":{"type":"Point","coordinates":["1",2]}}"#) }
        #expect(json?.description == perType?.description)
        let mapped = mappingError { _ = try Mapper(coercion: .strict).map(input, to: Feature.self) }
        #expect(mapped?.description == perType?.description)
        // The default mode still converts losslessly.
        #expect(try Feature(dictionary: input) == Feature(g: .point(coordinates: [1, 2])))
    }
}

private enum GeoGeometry: TaggedEnum, Equatable {
    case point(coordinates: [Double])
    case polygon(coordinates: [[[Double]]])
    enum CodingKeys: String, CodingKey { case point = "Point", polygon = "Polygon" }
    static var tagging: EnumTagging { .internallyTagged(tag: "type") }
}

private struct GeoFeature: Mappable, Equatable {
    var geometry = GeoGeometry.point(coordinates: [])
}

private struct FeatureCollection: Mappable, Equatable {
    var features: [GeoFeature] = []
}

private struct BoxingCollection: Mappable, Equatable {
    var features: [GeoFeature] = []
    static let mappingConfiguration = MappingConfiguration(for: BoxingCollection.self) { $0.singleValuesAsArrays = true }
}

private struct CodableCollection: MappableCodable, Equatable {
    var features: [GeoFeature] = []
}

extension SeamTests {
    static let boxingHint = "Array (one value is read as a one-element array only under singleValuesAsArrays or singleValueAsArray(_:))"

    @Test("item 3: one value is no array at any depth, on every input, unless a setting says so")
    func noBoxingByDefault() throws {
        let polygon = #"{"features": [{"geometry": {"type": "Polygon", "coordinates": [[1, 2], [3, 4]]}}]}"#
        let expected = """
            4 problems:
              features[0].geometry.coordinates[0][0]: expected \(Self.boxingHint), found Int 1
              features[0].geometry.coordinates[0][1]: expected \(Self.boxingHint), found Int 2
              features[0].geometry.coordinates[1][0]: expected \(Self.boxingHint), found Int 3
              features[0].geometry.coordinates[1][1]: expected \(Self.boxingHint), found Int 4
            """
        #expect(mappingError { _ = try FeatureCollection(json: polygon) }?.description == expected)
        #expect(mappingError { _ = try FeatureCollection(dictionary: jsonDictionary(polygon)) }?.description == expected)
        // Tree-wide boxing takes the property's own array only, never one nested in it.
        #expect(mappingError { _ = try BoxingCollection(json: polygon) }?.description == expected)

        let single = #"{"features": {"geometry": {"type": "Point", "coordinates": [1, 2]}}}"#
        #expect(mappingError { _ = try FeatureCollection(json: single) }?.description
            == "features: expected \(Self.boxingHint), found Dictionary of 1 key")
        #expect(mappingError { _ = try FeatureCollection(dictionary: jsonDictionary(single)) }?.description
            == "features: expected \(Self.boxingHint), found Dictionary of 1 key")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CodableCollection.self, from: Data(single.utf8)) }

        // Opted in: boxed, and reported at the property's path.
        let (boxed, report) = try MappingReport.collecting { try BoxingCollection(json: single) }
        #expect(boxed == BoxingCollection(features: [GeoFeature(geometry: .point(coordinates: [1, 2]))]))
        #expect(report.description == "features: taken as the only element of a collection, found Dictionary of 1 key")
    }

    @Test("item 3: a report inside a tagged payload names the payload's path")
    func payloadReportPath() throws {
        let json = #"{"features": [{"geometry": {"type": "Point", "coordinates": ["1", 2]}}]}"#
        let (_, report) = try MappingReport.collecting { try FeatureCollection(json: json) }
        #expect(report.description == #"features[0].geometry.coordinates[0]: coerced to Double, found String "1""#)
    }
}
