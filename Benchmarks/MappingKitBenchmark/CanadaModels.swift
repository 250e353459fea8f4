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
