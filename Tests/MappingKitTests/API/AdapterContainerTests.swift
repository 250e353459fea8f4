import Foundation
import MappingKit
import Testing

/// A colour as `"#RRGGBB"`: a custom adapter, to show that any adapter reaches through containers.
private struct Color: Equatable, Hashable {
    var red = 0, green = 0, blue = 0
}

private struct BadColor: Error, CustomStringConvertible {
    let text: String
    var description: String { "not a #RRGGBB colour: \(text)" }
}

private let hexColor = Adapter<Color>("hex", from: String.self) { text in
    guard text.count == 7, text.hasPrefix("#"), let value = Int(text.dropFirst(), radix: 16) else { throw BadColor(text: text) }
    return Color(red: value >> 16, green: value >> 8 & 0xFF, blue: value & 0xFF)
} encode: { color in
    "#" + [color.red, color.green, color.blue].map { String(format: "%02X", $0) }.joined()
}

private func day(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

/// Every nesting the issue names, each with a built-in or a custom adapter.
private struct Calendar: Mappable, Equatable {
    var releases: [String: Date] = [:]
    var holidays: Set<Date> = []
    var shifts: [[Date]] = []
    var archived: [Date]?
    var byTeam: [String: [Date]] = [:]
    var gaps: [Date?] = []
    var palette: [String: Color] = [:]
    var themes: [[Color]]? = nil

    static let mappingConfiguration = MappingConfiguration(for: Calendar.self) { map in
        map.map(\.releases, using: .unixSeconds)
        map.map(\.holidays, using: .unixSeconds)
        map.map(\.shifts, using: .unixSeconds)
        map.map(\.archived, using: .unixSeconds)
        map.map(\.byTeam, to: "by_team", using: .unixSeconds)
        map.map(\.gaps, using: .unixSeconds)
        map.map(\.palette, using: hexColor)
        map.map(\.themes, using: hexColor)
    }
}

private struct CodableCalendar: MappableCodable, Equatable {
    var releases: [String: Date] = [:]
    var themes: [[Color]]? = nil

    static let mappingConfiguration = MappingConfiguration(for: CodableCalendar.self) { map in
        map.map(\.releases, using: .iso8601)
        map.map(\.themes, using: hexColor)
    }
}

private struct Misfit: Mappable {
    var names: [String: String] = [:]

    static let mappingConfiguration = MappingConfiguration(for: Misfit.self) { $0.map(\.names, using: .iso8601) }
}

nonisolated(unsafe) private let input: [String: Any] = [
    "releases": ["1.0": 86_400, "2.0": 172_800],
    "holidays": [0, 86_400],
    "shifts": [[0, 3_600], [] as [Any]],
    "archived": [7_200],
    "by_team": ["core": [60, 120]],
    "gaps": [60, NSNull()],
    "palette": ["ink": "#102030"],
    "themes": [["#FFFFFF", "#000000"]],
]

@Suite("Adapters through any container")
struct AdapterContainerTests {
    @Test("an adapter converts every value of its type through dictionaries, sets, nested arrays and optionals, on every path")
    func everyNesting() throws {
        let calendar = try mapped(Calendar.self, input)
        #expect(calendar == Calendar(
            releases: ["1.0": day(86_400), "2.0": day(172_800)],
            holidays: [day(0), day(86_400)],
            shifts: [[day(0), day(3_600)], []],
            archived: [day(7_200)],
            byTeam: ["core": [day(60), day(120)]],
            gaps: [day(60), nil],
            palette: ["ink": Color(red: 16, green: 32, blue: 48)],
            themes: [[Color(red: 255, green: 255, blue: 255), Color()]]
        ))
        #expect(try mapped(Calendar.self, [:]) == Calendar())
    }

    @Test("written back with the same adapters: the representation and JSON read back equal")
    func writesBack() throws {
        let calendar = try mapped(Calendar.self, input)
        let written = try calendar.dictionaryRepresentation()
        #expect(Plain(written["releases"] as Any) == Plain(["1.0": 86_400, "2.0": 172_800]))
        #expect(Plain(written["by_team"] as Any) == Plain(["core": [60, 120]]))
        #expect(Plain(written["themes"] as Any) == Plain([["#FFFFFF", "#000000"]]))
        #expect(Plain(written["gaps"] as Any) == Plain([60, NSNull()]))
        #expect(try Calendar(dictionary: written) == calendar)
        #expect(try Calendar(json: try calendar.jsonData()) == calendar)
    }

    @Test("a bad value is reported at its own path inside the container, with the adapter's words")
    func errorsAtTheirPaths() {
        let bad: [String: Any] = ["releases": ["1.0": "soon"], "themes": [["#FFF"]], "by_team": ["core": [60, "x"]]]
        #expect(mappingError { _ = try mapped(Calendar.self, bad) }?.description == """
            3 problems:
              releases["1.0"]: expected Date as unixSeconds, found String "soon"
              by_team.core[1]: expected Date as unixSeconds, found String "x"
              themes[0][0]: not a #RRGGBB colour: #FFF
            """)
    }

    @Test("the Codable bridge applies the adapter inside containers both ways")
    func codableBridge() throws {
        let json = Data(##"{"releases": {"1.0": "2024-01-02T03:04:05Z"}, "themes": [["#0000FF"]]}"##.utf8)
        let calendar = try JSONDecoder().decode(CodableCalendar.self, from: json)
        #expect(calendar == CodableCalendar(releases: ["1.0": day(1_704_164_645)], themes: [[Color(red: 0, green: 0, blue: 255)]]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(calendar), as: UTF8.self)
            == ##"{"releases":{"1.0":"2024-01-02T03:04:05Z"},"themes":[["#0000FF"]]}"##)
    }

    @Test("an adapter that reaches no value of the property is a configuration error naming both")
    func misfit() {
        #expect(mappingError { _ = try Misfit(dictionary: [:]) }?.description
            == "configuration of Misfit: adapter iso8601 does not fit names, a Dictionary<String, String>")
    }
}
