import Foundation
import MappingKit

struct Message: Mappable, Equatable { var message_id = 0; var read = false; var text = ""; var tags: [String] = []; var score: Double? }
final class Node: Mappable { var name = ""; var children: [Node] = []; weak var parent: Node?; let fixed = 1; required init() {} }
class Animal: Mappable { var name = ""; var age = 0; required init() {} }
final class Dog: Animal { var aboutLink: URL? }
let json = #"{"message_id": 7, "read": true, "text": "hi", "tags": ["a"], "score": 2}"#
let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
let m = try Message(dictionary: object)
print(m, try m.dictionaryRepresentation())
let n = try Node(dictionary: ["name": "root", "children": [["name": "kid", "parent": ["name": "x"]]], "fixed": 5])
print(n.name, n.children.map(\.name), n.fixed, try n.dictionaryRepresentation())
let d = try Dog(dictionary: ["name": "Rex", "age": 3, "aboutLink": "http://a.b"])
print(d.name, d.age, d.aboutLink as Any, try d.dictionaryRepresentation())
do { _ = try Message(dictionary: ["message_id": 3.5, "read": "yes", "tags": [1, true], "score": "x"]) } catch { print(error) }
