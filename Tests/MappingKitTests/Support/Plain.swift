import Foundation
import MappingKit
import Testing

/// A strict view of plain values for assertions: `Int 1`, `Bool true` and `Double 1.0` differ.
indirect enum Plain: Equatable, CustomStringConvertible {
    case int(Int)
    case uint64(UInt64)
    case double(Double)
    case bool(Bool)
    case string(String)
    case null
    case array([Plain])
    case object([String: Plain])
    case other(String)

    init(_ value: Any) {
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            self = Plain(number: number)
            return
        }
        if type(of: value) is NSNull.Type {
            self = .null
            return
        }
        switch value {
        case let value as Int where type(of: value) == Int.self: self = .int(value)
        case let value as UInt64 where type(of: value) == UInt64.self: self = .uint64(value)
        case let value as Double where type(of: value) == Double.self: self = .double(value)
        case let value as Bool where type(of: value) == Bool.self: self = .bool(value)
        case let value as String: self = .string(value)
        case let value as [Any]: self = .array(value.map(Plain.init))
        case let value as [String: Any]: self = .object(value.mapValues(Plain.init))
        default: self = .other("\(type(of: value)) \(value)")
        }
    }

    /// JSONSerialization's numbers, read by their stored kind.
    private init(number: NSNumber) {
        if type(of: number) == type(of: NSNumber(value: true)) {
            self = .bool(number.boolValue)
        } else if let decimal = number as? NSDecimalNumber {
            // By its digits: `doubleValue` misrounds (JSONSerialization makes these of long numbers).
            let text = "\(decimal.decimalValue)"
            self = Int(text).map(Plain.int) ?? Double(text).map(Plain.double) ?? .other("NSDecimalNumber \(text)")
        } else if [UInt8(ascii: "d"), UInt8(ascii: "f")].contains(UInt8(bitPattern: number.objCType.pointee)) {
            self = .double(number.doubleValue)
        } else if UInt8(bitPattern: number.objCType.pointee) == UInt8(ascii: "Q"), number.uint64Value > UInt64(Int.max) {
            self = .uint64(number.uint64Value)
        } else {
            self = .int(number.intValue)
        }
    }

    var description: String {
        switch self {
        case .int(let value): "\(value)"
        case .uint64(let value): "UInt64(\(value))"
        case .double(let value): "\(value)d"
        case .bool(let value): "\(value)"
        case .string(let value): value.debugDescription
        case .null: "null"
        case .array(let values): "[\(values.map(\.description).joined(separator: ", "))]"
        case .object(let values):
            "[\(values.sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", "))]"
        case .other(let text): "<\(text)>"
        }
    }
}

/// The dictionary representation of `model`, in strict form.
func plainRepresentation(of model: some Mappable) throws -> Plain {
    Plain(try model.dictionaryRepresentation())
}

/// The `MappingError` that `body` throws, or a test failure.
func mappingError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> MappingError? {
    do {
        try body()
        Issue.record("expected a MappingError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as MappingError {
        return error
    } catch {
        Issue.record("expected a MappingError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Parses JSON text the way apps get their dictionaries: through JSONSerialization.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Parses a JSON object.
func jsonDictionary(_ text: String) throws -> [String: Any] {
    try #require(try jsonObject(text) as? [String: Any])
}

/// How a mapping ended, in words a test can compare: "mapped", "too deep", "out of stack", or
/// the error's description.
func mappingOutcome(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "mapped"
    } catch let error as MappingError {
        if error.issues.first?.expected.hasPrefix("at most 64 levels") == true { return "too deep" }
        if error.issues.first?.expected == "nesting that fits the thread's stack" { return "out of stack" }
        return error.description
    } catch {
        return "\(error)"
    }
}

/// Strings recorded from another thread.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    func record(_ outcome: String) { lock.withLock { recorded.append(outcome) } }
    var values: [String] { lock.withLock { recorded } }
}

/// Empties every Foundation container in `value` (which hostile tests make contain themselves),
/// so their reference cycles do not leak under AddressSanitizer.
func breakCycles(in value: Any) {
    if let dictionary = value as? NSMutableDictionary, type(of: value) is NSMutableDictionary.Type {
        dictionary.removeAllObjects()
    } else if let array = value as? NSMutableArray, type(of: value) is NSMutableArray.Type {
        array.removeAllObjects()
    } else if let dictionary = value as? [String: Any], !(type(of: value) is AnyClass) {
        dictionary.values.forEach(breakCycles)
    } else if let array = value as? [Any], !(type(of: value) is AnyClass) {
        array.forEach(breakCycles)
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes (512 KB: a secondary thread on
/// Apple platforms) and waits for it.
func onThread(stackSize: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            done.resume()
        }
        thread.stackSize = stackSize
        thread.start()
    }
}
