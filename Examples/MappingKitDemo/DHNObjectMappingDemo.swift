import Foundation
import MappingKit

// DHNObjectMapping: keys map onto equally named properties; undefined keys are ignored; an
// update(from:configuration:) override adjusts the mapping and then runs the default.

final class DataObject: Mappable {
    var name = ""
    var mappToMe = ""
    var someOtherProperty = 0
    var whatAKeySaid = ""
    required init() {}

    func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: DataObject.self) { map in
            map.map(\.mappToMe, to: "someKey")
            map.map(\.someOtherProperty, to: "someOtherKey", using: Adapter { data in
                (data as? String)?.count ?? 0
            } encode: { String(repeating: "x", count: $0) })
            map.handle("whatAKey") { data, object in object.whatAKeySaid = "\(data)" }
        }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

func dhnObjectMappingDemo() throws {
    section("DHNObjectMapping: default behaviour, then an override that adds mappings")
    let object = try DataObject(dictionary: [
        "name": "This is some name", "someKey": "mapped", "someOtherKey": "four", "whatAKey": 7, "undefined": true,
    ])
    print("name: \(object.name), mappToMe: \(object.mappToMe), someOtherProperty: \(object.someOtherProperty), "
        + "whatAKey block saw: \(object.whatAKeySaid)")
}
