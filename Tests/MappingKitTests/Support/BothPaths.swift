import Foundation
import MappingKit
import Testing

/// Maps `input` every way: from the dictionary, as the one element of an array (where a struct
/// the type's own update maps is made fresh and decoded in place, without staging), and from its
/// JSON text through MappingKit's own parser. Records a test issue when they disagree (in the
/// model's dictionary representation, or in the error's full text and paths); returns what the
/// dictionary gave. Inputs holding values that have no exact JSON form (dates, `Int8`s, Swift
/// optionals) are not read as JSON.
func mapped<Model: Mappable>(
    _ type: Model.Type,
    _ input: [String: Any],
    undefinedKeys: UndefinedKeyPolicy? = nil,
    limits: MappingLimits? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Model {
    let fromDictionary = Result<Model, any Error> {
        if let undefinedKeys { return try Model(dictionary: input, undefinedKeys: undefinedKeys) }
        if let limits { return try Model(dictionary: input, limits: limits) }
        return try Model(dictionary: input)
    }
    let fromArray = Result<[Model], any Error> {
        if let undefinedKeys { return try Model.array(from: [input], undefinedKeys: undefinedKeys) }
        if let limits { return try Model.array(from: [input], limits: limits) }
        return try Model.array(from: [input])
    }
    // Foundation containers come back as they were, hostile ones included: only compared by their errors.
    let comparable = JSONForm.holdsNoFoundationContainer(input) || (try? fromDictionary.get()) == nil
    let single = comparable ? JSONForm.outcome(fromDictionary, at: "[0]") : ""
    let element = comparable ? JSONForm.outcome(fromArray) : ""
    if single != element, ![single, element].contains(where: { $0.contains("expected nesting that fits the thread's stack") }) {
        Issue.record("as an array's element:\n\(element)\nalone:\n\(single)", sourceLocation: sourceLocation)
    }
    if JSONForm.isExact(input), let json = try? JSONValue.data(input) {
        let fromJSON = Result<Model, any Error> { try Model(json: json, undefinedKeys: undefinedKeys, limits: limits) }
        let expected = JSONForm.outcome(fromDictionary)
        let found = JSONForm.outcome(fromJSON)
        // Running out of stack happens at a depth that depends on the frames of each path.
        let outOfStack = [expected, found].contains { $0.contains("expected nesting that fits the thread's stack") }
        if expected != found, !outOfStack {
            Issue.record(
                "from JSON \(String(decoding: json, as: UTF8.self)):\n\(found)\nfrom the dictionary:\n\(expected)",
                sourceLocation: sourceLocation
            )
        }
    }
    return try fromDictionary.get()
}

enum JSONForm {
    /// `true` when `value` is made only of what JSON text gives back unchanged.
    static func isExact(_ value: Any) -> Bool {
        if type(of: value) is NSNull.Type { return true }
        if type(of: value) is NSNumber.Type { return true }
        let kind = type(of: value)
        guard kind == String.self || kind == Int.self || kind == Double.self || kind == Bool.self || kind == UInt64.self
            || kind == [String: Any].self || kind == [Any].self else { return false }
        switch value {
        case is String: return true
        case let value as Int where type(of: value) == Int.self: return true
        case let value as Double where type(of: value) == Double.self: return value.isFinite
        case let value as Bool where type(of: value) == Bool.self: return true
        case let value as UInt64 where type(of: value) == UInt64.self: return value > UInt64(Int.max)
        // Exact types only: a cast would bridge Foundation containers (hostile ones contain themselves).
        case let value as [String: Any] where type(of: value) == [String: Any].self: return value.values.allSatisfy(isExact)
        case let value as [Any] where type(of: value) == [Any].self: return value.allSatisfy(isExact)
        default: return false
        }
    }

    /// `true` when `value` holds no Foundation container (which may contain itself) at any depth.
    static func holdsNoFoundationContainer(_ value: Any) -> Bool {
        if type(of: value) is NSDictionary.Type || type(of: value) is NSArray.Type { return false }
        if type(of: value) == [String: Any].self, let value = value as? [String: Any] { return value.values.allSatisfy(holdsNoFoundationContainer) }
        if type(of: value) == [Any].self, let value = value as? [Any] { return value.allSatisfy(holdsNoFoundationContainer) }
        return true
    }

    /// A mapping's outcome in comparable words: the model's representation, or the error.
    static func outcome<Model: Mappable>(_ result: Result<Model, any Error>) -> String {
        switch result {
        case .success(let model):
            do {
                return "mapped: \(Plain(try model.dictionaryRepresentation()))"
            } catch {
                return "mapped, not representable: \(error)"
            }
        case .failure(let error):
            return "failed: \(error)"
        }
    }
}

/// ``mapped(_:_:undefinedKeys:limits:sourceLocation:)`` for `Model.array(from:)` and `Model.array(json:)`.
func mappedArray<Model: Mappable>(
    _ type: Model.Type,
    _ input: [Any],
    undefinedKeys: UndefinedKeyPolicy? = nil,
    limits: MappingLimits? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [Model] {
    let fromDictionary = Result<[Model], any Error> {
        if let undefinedKeys { return try Model.array(from: input, undefinedKeys: undefinedKeys) }
        if let limits { return try Model.array(from: input, limits: limits) }
        return try Model.array(from: input)
    }
    if JSONForm.isExact(input), let json = try? JSONValue.data(input) {
        let fromJSON = Result<[Model], any Error> { try Model.array(json: json, undefinedKeys: undefinedKeys, limits: limits) }
        let expected = JSONForm.outcome(fromDictionary)
        let found = JSONForm.outcome(fromJSON)
        if expected != found {
            Issue.record(
                "from JSON \(String(decoding: json, as: UTF8.self)):\n\(found)\nfrom the dictionary:\n\(expected)",
                sourceLocation: sourceLocation
            )
        }
    }
    return try fromDictionary.get()
}

extension JSONForm {
    /// ``outcome(_:)`` with every problem's path under `prefix`, as an array's element reports it.
    static func outcome<Model: Mappable>(_ result: Result<Model, any Error>, at prefix: String) -> String {
        guard case .failure(let error as MappingError) = result else { return outcome(result) }
        return "failed: " + error.issues.map { issue in
            let path = issue.path.isEmpty || issue.path.hasPrefix("[") ? prefix + issue.path : prefix + "." + issue.path
            return "\(path) expected \(issue.expected), found \(issue.found)"
        }.sorted().joined(separator: "\n")
    }

    static func outcome<Model: Mappable>(_ result: Result<[Model], any Error>) -> String {
        switch result {
        case .success(let models):
            return models.map { outcome(Result<Model, any Error>.success($0)) }.joined(separator: "\n")
        case .failure(let error as MappingError):
            // Sorted: the elements of a dictionary are met in an order of their own in each copy.
            return "failed: " + error.issues.map { "\($0.path) expected \($0.expected), found \($0.found)" }.sorted().joined(separator: "\n")
        case .failure(let error):
            return "failed: \(error)"
        }
    }
}
