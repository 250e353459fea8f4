import Foundation
import MappingKit
import Testing

private struct Ms: Mappable { var at = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: Ms.self) { $0.map(\.at, using: .unixMilliseconds) } }

@Test func probe() throws {
    let m = Ms(at: Date(timeIntervalSinceReferenceDate: 94063912308.04718))
    let rep = try m.dictionaryRepresentation()
    print("rep", type(of: rep["at"]!), rep["at"]!)
    let json = try m.jsonData()
    print("json", String(decoding: json, as: UTF8.self))
    let obj = try JSONSerialization.jsonObject(with: json) as! [String: Any]
    print("js", type(of: obj["at"]!), obj["at"]!, (obj["at"] as! NSNumber).doubleValue, String(cString: (obj["at"] as! NSNumber).objCType))
    print("back", try Ms(dictionary: obj).at.timeIntervalSinceReferenceDate, try Ms(json: json).at.timeIntervalSinceReferenceDate)
}
