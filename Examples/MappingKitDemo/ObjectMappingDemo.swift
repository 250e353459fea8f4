import Foundation
import MappingKit

// ObjectMapping: a mapping dictionary translates the service's keys; nested dictionaries hydrate
// nested models; an adapter keyed by the model's property builds a colour from [r, g, b].

final class OMTestModel: Mappable, CustomStringConvertible {
    var name: String?
    var favoriteWord: String?
    var favoriteNumber = 0
    var favoriteModel: OMTestModel?
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: OMTestModel.self, keyMapping: [
        "favorite_word": "favoriteWord", "favorite_number": "favoriteNumber", "favorite_model": "favoriteModel",
    ])

    var description: String {
        "OMTestModel(\(name ?? "nil"), \(favoriteWord ?? "nil"), \(favoriteNumber), \(favoriteModel?.description ?? "nil"))"
    }
}

struct RGBColor: CustomStringConvertible {
    var red = 0.0, green = 0.0, blue = 0.0
    var description: String { String(format: "rgb(%.3f, %.3f, %.3f)", red, green, blue) }
}

struct OMColorModel: Mappable {
    var color = RGBColor()

    static let mappingConfiguration = MappingConfiguration(for: OMColorModel.self) { map in
        map.map(\.color, using: Adapter(from: [Int].self) { numbers in
            RGBColor(red: Double(numbers[safe: 0]) / 255, green: Double(numbers[safe: 1]) / 255,
                     blue: Double(numbers[safe: 2]) / 255)
        } encode: { color in
            [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        })
    }
}

extension Array where Element == Int {
    subscript(safe index: Int) -> Int { indices.contains(index) ? self[index] : 0 }
}

func objectMappingDemo() throws {
    section("ObjectMapping: basic, recursive and adapter mapping")
    let testModel = OMTestModel()
    try testModel.update(from: ["name": "Fabian", "favorite_word": "absurd", "favorite_number": 2])
    print("basic     ->", testModel)
    try testModel.update(from: ["favorite_model": ["name": "Music", "favorite_word": "glitter", "favorite_number": 7]])
    print("recursive ->", testModel)
    let colored = try OMColorModel(dictionary: ["color": [122, 50, 80]])
    print("adapter   -> \(colored.color), back: \(json(try colored.dictionaryRepresentation()).filter { !$0.isWhitespace })")
}
