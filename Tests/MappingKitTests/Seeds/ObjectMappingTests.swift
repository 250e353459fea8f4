import MappingKit
import Testing

/// ObjectMapping's `OMTestModel`, with property names matching the service's keys (renaming
/// keys is configuration, which this model does not use).
private final class OMTestModel: Mappable {
    var name: String?
    var favorite_word: String?
    var favorite_number = 0
    var favorite_model: OMTestModel?
    required init() {}
}

@Suite("Seed: ObjectMapping basic and recursive mapping")
struct ObjectMappingTests {
    @Test("basic mapping hydrates a model from a service dictionary")
    func basic() throws {
        let testModel = OMTestModel()
        try testModel.update(from: ["name": "Fabian", "favorite_word": "absurd", "favorite_number": 2])
        #expect(testModel.name == "Fabian")
        #expect(testModel.favorite_word == "absurd")
        #expect(testModel.favorite_number == 2)
        #expect(testModel.favorite_model == nil)
    }

    @Test("a nested dictionary for a Mappable property becomes a hydrated instance")
    func recursive() throws {
        let innerModel: [String: Any] = ["name": "Music", "favorite_word": "glitter", "favorite_number": 7]
        let outerModel: [String: Any] = [
            "name": "Fabian", "favorite_word": "absurd", "favorite_number": 2, "favorite_model": innerModel,
        ]
        let testModel = OMTestModel()
        try testModel.update(from: outerModel)
        let inner = try #require(testModel.favorite_model)
        #expect(inner.name == "Music")
        #expect(inner.favorite_word == "glitter")
        #expect(inner.favorite_number == 7)
        #expect(inner.favorite_model == nil)
        #expect(try plainRepresentation(of: testModel) == Plain(outerModel))
    }
}
