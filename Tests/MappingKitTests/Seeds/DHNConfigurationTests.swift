import Foundation
import MappingKit
import Testing

private protocol Shape {}

private struct MyClass: Mappable, Shape, Equatable {
    var title = ""
}

private struct Wrapped: Error, CustomStringConvertible {
    var description: String { "someOtherKey needs a number" }
}

/// DHNObjectMapping's override: key mappings, a block for one property, a class for an embedded
/// dictionary, and a block not bound to any property, set on every call before the default runs.
private struct DataObject: Mappable {
    var mappToMe = ""
    var someOtherProperty = 0
    var aPropertyOfClassMyClass: (any Shape)?
    var sawWhatAKey = false

    mutating func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: DataObject.self) { map in
            map.map(\.mappToMe, to: "someKey")
            map.map(\.someOtherProperty, to: "someOtherKey", using: Adapter { dictionaryData in
                guard let text = dictionaryData as? String, let number = Int(text.filter(\.isNumber)) else { throw Wrapped() }
                return number
            } encode: { "#\($0)" })
            map.map(\.aPropertyOfClassMyClass, to: "anotherKey", choosing: .always(MyClass.self))
            map.handle("whatAKey") { _, object in object.sawWhatAKey = true }
        }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

@Suite("Seed: DHNObjectMapping configuration overrides")
struct DHNConfigurationTests {
    @Test("the override's mappings apply: key, block, class and unbound block")
    func override() throws {
        let object = try mapped(DataObject.self, [
            "someKey": "mapped", "someOtherKey": "No. 42", "anotherKey": ["title": "embedded"], "whatAKey": 1,
        ])
        #expect(object.mappToMe == "mapped")
        #expect(object.someOtherProperty == 42)
        #expect(object.aPropertyOfClassMyClass as? MyClass == MyClass(title: "embedded"))
        #expect(object.sawWhatAKey)
    }

    @Test("a block's error is reported at its key, and nothing is applied")
    func blockError() throws {
        var object = DataObject()
        let error = mappingError { try object.update(from: ["someKey": "x", "someOtherKey": "none"]) }
        #expect(error?.description == "someOtherKey: someOtherKey needs a number")
        #expect(object.mappToMe == "")
    }
}
