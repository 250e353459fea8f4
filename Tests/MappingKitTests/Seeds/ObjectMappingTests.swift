import Foundation
import MappingKit
import Testing

/// ObjectMapping's `OMTestModel`: the service's keys are translated by a mapping dictionary.
private final class OMTestModel: Mappable {
    var name: String?
    var favoriteWord: String?
    var favoriteNumber = 0
    var favoriteModel: OMTestModel?
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: OMTestModel.self, keyMapping: [
        "favorite_word": "favoriteWord", "favorite_number": "favoriteNumber", "favorite_model": "favoriteModel",
    ])
}

private struct Color: Equatable {
    var red = 0.0, green = 0.0, blue = 0.0
}

/// ObjectMapping's colour adapter, keyed by the model's property.
private struct OMColorModel: Mappable {
    var color = Color()

    static let mappingConfiguration = MappingConfiguration(for: OMColorModel.self) { map in
        map.map(\.color, using: Adapter(from: [Int].self) { numberArray in
            guard numberArray.count == 3 else { throw MappingSeedError.components(numberArray.count) }
            return Color(red: Double(numberArray[0]) / 255, green: Double(numberArray[1]) / 255,
                         blue: Double(numberArray[2]) / 255)
        } encode: { color in
            [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        })
    }
}

enum MappingSeedError: Error, CustomStringConvertible {
    case components(Int)
    var description: String {
        switch self {
        case .components(let count): "expected 3 colour components, found \(count)"
        }
    }
}

@Suite("Seed: ObjectMapping basic, recursive and adapter mapping")
struct ObjectMappingTests {
    @Test("basic mapping: keys are translated by the mapping dictionary")
    func basic() throws {
        let testModel = OMTestModel()
        try testModel.update(from: ["name": "Fabian", "favorite_word": "absurd", "favorite_number": 2])
        #expect(testModel.name == "Fabian")
        #expect(testModel.favoriteWord == "absurd")
        #expect(testModel.favoriteNumber == 2)
        #expect(testModel.favoriteModel == nil)
    }

    @Test("recursive mapping: a nested dictionary becomes a hydrated OMTestModel, and back")
    func recursive() throws {
        let innerModel: [String: Any] = ["name": "Music", "favorite_word": "glitter", "favorite_number": 7]
        let outerModel: [String: Any] = [
            "name": "Fabian", "favorite_word": "absurd", "favorite_number": 2, "favorite_model": innerModel,
        ]
        let testModel = OMTestModel()
        try testModel.update(from: outerModel)
        let inner = try #require(testModel.favoriteModel)
        #expect(inner.name == "Music")
        #expect(inner.favoriteWord == "glitter")
        #expect(inner.favoriteNumber == 7)
        #expect(inner.favoriteModel == nil)
        #expect(try plainRepresentation(of: testModel) == Plain(outerModel))
    }

    @Test("blocks to handle special types: a colour from [122, 50, 80], and back")
    func colorAdapter() throws {
        let model = try mapped(OMColorModel.self, jsonDictionary(#"{"color": [122, 50, 80]}"#))
        #expect(model.color == Color(red: 122.0 / 255, green: 50.0 / 255, blue: 80.0 / 255))
        #expect(try plainRepresentation(of: model) == .object(["color": .array([.int(122), .int(50), .int(80)])]))
        #expect(mappingError { _ = try mapped(OMColorModel.self, ["color": [1, 2]]) }?.description
            == "color: expected 3 colour components, found 2")
    }
}
