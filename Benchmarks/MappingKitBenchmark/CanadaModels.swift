import MappingKit

// Models for canada.json: one country's borders as GeoJSON, 111,126 coordinates (almost every
// number with 15 to 17 significant digits: the hard case for a number parser).

struct Country: Mappable, Codable, Equatable {
    var type = ""
    var features: [Feature] = []
}

struct Feature: Mappable, Codable, Equatable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = Geometry()
}

struct Geometry: Mappable, Codable, Equatable {
    var type = ""
    var coordinates: [[[Double]]] = []
}

// MARK: - Hand-written baseline: the naive `as?` casts an app would write.

extension Country {
    init(handWritten d: [String: Any]) {
        type = d["type"] as? String ?? ""
        features = (d["features"] as? [Any] ?? []).map { Feature(handWritten: $0 as? [String: Any] ?? [:]) }
    }
}

extension Feature {
    init(handWritten d: [String: Any]) {
        type = d["type"] as? String ?? ""
        properties = d["properties"] as? [String: String] ?? [:]
        geometry = Geometry(handWritten: d["geometry"] as? [String: Any] ?? [:])
    }
}

extension Geometry {
    init(handWritten d: [String: Any]) {
        type = d["type"] as? String ?? ""
        coordinates = d["coordinates"] as? [[[Double]]] ?? []
    }
}
