import Foundation
import MappingKit

// DHNObjectMapping, "Default behaviour": keys map onto equally named properties.
final class DataObject: Mappable, CustomStringConvertible {
    var name = ""
    var count = 0
    required init() {}

    var description: String { "DataObject(name: \(name.debugDescription), count: \(count))" }
}

// ObjectMapping's OMTestModel. Property names match the service's keys here; renaming keys
// (favorite_word → favoriteWord) is what per-type configuration is for.
final class OMTestModel: Mappable, CustomStringConvertible {
    var name: String?
    var favorite_word: String?
    var favorite_number = 0
    var favorite_model: OMTestModel?
    required init() {}

    var description: String {
        "OMTestModel(name: \(name ?? "nil"), favorite_word: \(favorite_word ?? "nil"), "
            + "favorite_number: \(favorite_number), favorite_model: \(favorite_model?.description ?? "nil"))"
    }
}

// EFDataMappingKit's user and messages, on property names that match the JSON keys.
struct MYUser: Mappable {
    var user_id: UInt = 0
    var username = ""
    var messages: [MYMessage] = []
    var website: URL?
}

struct MYMessage: Mappable {
    var message_id: UInt = 0
    var published_at = ""
    var read = false
    var text = ""
}
