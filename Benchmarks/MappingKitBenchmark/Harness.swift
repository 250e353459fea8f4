import Foundation

/// Times closures over many rounds and reports medians, the way the README table is made.
///
/// Contenders are interleaved within their group: every round runs each of the group's
/// contenders once, in turn, so drift in the machine's speed lands on all of them alike. A ratio
/// of two contenders of a group is the median of their per-round ratios (each round's two
/// times were taken moments apart), not the ratio of their medians, which a virtual machine's
/// drifting speed moves by tens of percent from run to run. The turn order rotates from round
/// to round: in a fixed order a contender would always run right after the one before it, on
/// the data that one has just brought into the caches (two contenders reading the same
/// JSONSerialization tree, say). Groups run one after another, so that a contender that frees a
/// large tree (JSONSerialization's) leaves the allocator's clean-up to its own group.
struct Harness {
    var rounds: Int
    /// Only measurements whose name contains this text run (`--only`), for profiling one.
    var only: String?
    private var contenders: [(name: String, objects: Int, group: Int, body: () throws -> Int)] = []
    private var group = 0
    private(set) var results: [(name: String, nanosecondsPerObject: Double)] = []
    /// Each contender's time per object in every round, in round order.
    private var samplesByName: [String: [Double]] = [:]

    init(rounds: Int, only: String?) {
        self.rounds = rounds
        self.only = only
    }

    /// Registers a contender; `body` maps the data set once and returns a count (kept alive).
    mutating func add(_ name: String, objects: Int, _ body: @escaping () throws -> Int) {
        if let only, !name.contains(only) { return }
        contenders.append((name, objects, group, body))
    }

    /// Contenders added from now on are interleaved with each other, after the ones before.
    mutating func beginGroup() {
        group += 1
    }

    /// Per group: warms every contender up once, then runs `rounds` interleaved rounds; records
    /// medians.
    mutating func run() throws {
        var sink = 0
        var samples = Array(repeating: [Double](), count: contenders.count)
        for group in Set(contenders.map(\.group)).sorted() {
            let members = contenders.indices.filter { contenders[$0].group == group }
            for index in members { sink &+= try contenders[index].body() }
            for round in 0..<rounds {
                for turn in members.indices {
                    let index = members[(turn + round) % members.count]
                    // The monotonic clock every release has (ContinuousClock needs macOS 13 / iOS 16).
                    let start = DispatchTime.now().uptimeNanoseconds
                    sink &+= try contenders[index].body()
                    let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start)
                    samples[index].append(nanoseconds / Double(contenders[index].objects))
                }
            }
        }
        results = zip(contenders, samples).map { contender, samples in
            (contender.name, Self.median(of: samples))
        }
        samplesByName = Dictionary(zip(contenders, samples).map { ($0.name, $1) }) { first, _ in first }
        if sink == .min { print("") }
    }

    func median(_ name: String) -> Double {
        results.first { $0.name == name }?.nanosecondsPerObject ?? .nan
    }

    /// `numerator`'s time over `denominator`'s: the median of their per-round ratios when they
    /// ran in the same rounds, else the ratio of their medians; NaN when either did not run.
    func ratio(_ numerator: String, _ denominator: String) -> Double {
        guard let top = samplesByName[numerator], let bottom = samplesByName[denominator], !top.isEmpty, !bottom.isEmpty else {
            return .nan
        }
        guard top.count == bottom.count, sameGroup(numerator, denominator) else { return median(numerator) / median(denominator) }
        return Self.median(of: zip(top, bottom).map { $0 / $1 })
    }

    private func sameGroup(_ first: String, _ second: String) -> Bool {
        let groups = contenders.filter { $0.name == first || $0.name == second }.map(\.group)
        return groups.count == 2 && groups[0] == groups[1]
    }

    private static func median(of values: [Double]) -> Double {
        values.isEmpty ? .nan : values.sorted()[values.count / 2]
    }

    /// Prints every measurement, and each ratio whose two sides were both measured.
    func printTable(title: String, ratios: [(String, String)]) {
        print("\n## \(title)")
        print("| measurement | median ns/object |")
        print("|---|---:|")
        for (name, value) in results {
            print("| \(name) | \(String(format: "%.0f", value)) |")
        }
        print("\n| ratio | value |")
        print("|---|---:|")
        for (numerator, denominator) in ratios where !ratio(numerator, denominator).isNaN {
            let ratio = ratio(numerator, denominator)
            print("| \(numerator) ÷ \(denominator) | \(String(format: ratio < 0.1 ? "%.3f×" : "%.2f×", ratio)) |")
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
