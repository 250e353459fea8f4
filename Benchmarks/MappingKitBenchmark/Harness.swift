import Foundation

/// Times closures over many rounds and reports medians, the way the README table is made.
struct Harness {
    var rounds: Int
    /// Only measurements whose name contains this text run (`--only`), for profiling one.
    var only: String?
    var results: [(name: String, nanosecondsPerObject: Double)] = []

    /// Runs `body` once to warm up, then `rounds` times; records the median per object.
    mutating func measure(_ name: String, objects: Int, _ body: () throws -> Int) rethrows {
        if let only, !name.contains(only) { return }
        var sink = try body()
        var samples: [Double] = []
        samples.reserveCapacity(rounds)
        for _ in 0..<rounds {
            let start = ContinuousClock.now
            sink &+= try body()
            let elapsed = ContinuousClock.now - start
            let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples.append(nanoseconds / Double(objects))
        }
        samples.sort()
        let median = samples[samples.count / 2]
        results.append((name, median))
        if sink == .min { print("") }
    }

    func median(_ name: String) -> Double {
        results.first { $0.name == name }?.nanosecondsPerObject ?? .nan
    }

    /// Prints every measurement with its ratio to `baseline` (hand-written code in the table).
    func printTable(title: String, ratios: [(String, String)]) {
        print("\n## \(title)")
        print("| measurement | median ns/object |")
        print("|---|---:|")
        for (name, value) in results {
            print("| \(name) | \(String(format: "%.0f", value)) |")
        }
        print("\n| ratio | value |")
        print("|---|---:|")
        for (numerator, denominator) in ratios {
            print("| \(numerator) ÷ \(denominator) | \(String(format: "%.2f×", median(numerator) / median(denominator))) |")
        }
    }
}

/// JSONSerialization's output rebuilt from plain Swift values (Int, Double, Bool, String,
/// arrays, dictionaries), as an app that builds dictionaries itself would have them.
enum NativeValues {
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    static func convert(_ value: Any) -> Any {
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            if ObjectIdentifier(type(of: number)) == booleanClass { return number.boolValue }
            switch UInt8(bitPattern: number.objCType.pointee) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return number.doubleValue
            default: return number.intValue
            }
        }
        switch value {
        case let array as [Any]: return array.map(convert)
        case let dictionary as [String: Any]: return dictionary.mapValues(convert)
        default: return value
        }
    }
}
