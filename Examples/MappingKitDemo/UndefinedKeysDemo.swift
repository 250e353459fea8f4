import Foundation
import MappingKit

// ObjectMapping's TODO, done: undefined keys raise, drop or stash; stashing keeps round trips
// symmetric.

struct Settings: Mappable {
    var theme = ""
    var fontSize = 0
    var unmapped = UnmappedValues()

    static let mappingConfiguration = MappingConfiguration(for: Settings.self) { map in
        map.map(\.fontSize, to: "editor.font_size")
        map.undefinedKeys = .stash
    }
}

let settingsJSON = """
    {"theme": "dark", "editor": {"font_size": 14, "tab_width": 4}, "beta": true}
    """

func undefinedKeysDemo() throws {
    section("Undefined keys: stash keeps the round trip symmetric, raise reports them")
    let input = try parse(settingsJSON) as? [String: Any] ?? [:]
    let settings = try Settings(dictionary: input)
    print("theme \(settings.theme), font size \(settings.fontSize), kept: \(settings.unmapped)")
    let back = try settings.dictionaryRepresentation()
    let sorted: JSONSerialization.WritingOptions = [.sortedKeys]
    let same = try JSONSerialization.data(withJSONObject: back, options: sorted)
        == JSONSerialization.data(withJSONObject: input, options: sorted)
    print("round trip exact:", same, String(decoding: try JSONSerialization.data(withJSONObject: back, options: sorted), as: UTF8.self))
    do {
        _ = try Settings(dictionary: input, undefinedKeys: .raise)
    } catch {
        print(error)
    }
}
