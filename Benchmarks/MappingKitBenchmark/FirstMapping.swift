import Foundation
import MappingKit

// The first mapping of a type in a fresh process: MappingKit compiles its plan (reflection,
// codecs, key tables) then; JSONDecoder builds its own state on first use too. Measured in a
// child process of its own, so nothing is warm but what the row says.

/// A 25-property model, used nowhere else.
struct Profile25: Mappable, Codable {
    var id = 0
    var uuid = ""
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var active = false
    var verified = false
    var nickname: String?
    var referrer: Int?
    var tags: [String] = []
    var ratings: [Int] = []
    var city = ""
    var country = ""
    var zip = ""
    var latitude = 0.0
    var longitude = 0.0
    var followers = 0
    var following = 0
    var posts = 0
    var bio = ""
    var website: String?
    var language = ""
    var timezone = ""
    var premium = false
}

/// Another 25-property model with the same property types, mapped first: after it, what the
/// process sets up once (code pages, thread stack bounds, codecs for these property types) is
/// done, and what ``Profile25``'s first mapping costs is its own plan.
struct Account25: Mappable, Codable {
    var number = 0
    var reference = ""
    var holder = ""
    var contact = ""
    var years = 0
    var balance = 0.0
    var open = false
    var audited = false
    var alias: String?
    var parent: Int?
    var labels: [String] = []
    var limits: [Int] = []
    var branch = ""
    var region = ""
    var postcode = ""
    var rate = 0.0
    var fee = 0.0
    var deposits = 0
    var withdrawals = 0
    var transfers = 0
    var notes = ""
    var statement: String?
    var currency = ""
    var locale = ""
    var frozen = false
}

enum FirstMapping {
    static var dictionary: [String: Any] {
        [
        "id": 7, "uuid": "5D8E", "name": "Ann", "email": "ann@example.com", "age": 41, "score": 9.5, "active": true,
        "verified": false, "nickname": "annie", "tags": ["a", "b"], "ratings": [5, 4], "city": "Oslo", "country": "NO",
        "zip": "0150", "latitude": 59.9, "longitude": 10.7, "followers": 100, "following": 12, "posts": 3, "bio": "Hi",
        "language": "nb", "timezone": "Europe/Oslo", "premium": true,
        ]
    }

    /// Microseconds `body` takes.
    static func microseconds(_ body: () throws -> Void) rethrows -> Double {
        // The monotonic clock every release has (ContinuousClock needs macOS 13 / iOS 16).
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
    }

    /// Runs in the child process: prints one table row per measurement. `decoderGoesFirst`:
    /// JSONDecoder measures first. Whichever goes second finds the runtime's metadata for both
    /// models (and their property types) already made by the first, so processes alternate.
    static func measureInThisProcess(decoderGoesFirst: Bool) throws {
        let dictionary = dictionary
        let json = try JSONSerialization.data(withJSONObject: dictionary)
        let accountDictionary = try JSONSerialization.jsonObject(with: Data(account25JSON.utf8)) as? [String: Any] ?? [:]
        var cold = 0.0, first = 0.0, warm = 0.0, decoderCold = 0.0, decoderFirst = 0.0, decoderWarm = 0.0
        func mappingKit() throws {
            // Account25 maps the values JSONDecoder's first decode reads: each warm-up runs its
            // library's code for every property type once, so neither side's second model is the
            // first to run it.
            cold = try microseconds { _ = try Account25(dictionary: accountDictionary) }
            first = try microseconds { _ = try Profile25(dictionary: dictionary) }
            warm = try microseconds { _ = try Profile25(dictionary: dictionary) }
        }
        func decoder() throws {
            decoderCold = try microseconds { _ = try JSONDecoder().decode(Account25.self, from: Data(account25JSON.utf8)) }
            decoderFirst = try microseconds { _ = try JSONDecoder().decode(Profile25.self, from: json) }
            decoderWarm = try microseconds { _ = try JSONDecoder().decode(Profile25.self, from: json) }
        }
        if decoderGoesFirst {
            try decoder()
            try mappingKit()
        } else {
            try mappingKit()
            try decoder()
        }
        print("| MappingKit, first mapping in the process (a 25-property model) | \(String(format: "%.1f", cold)) |")
        print("| MappingKit, first mapping of another 25-property model (its plan compiled) | \(String(format: "%.1f", first)) |")
        print("| MappingKit, second mapping of it | \(String(format: "%.1f", warm)) |")
        print("| JSONDecoder, first decode in the process (a 25-property model) | \(String(format: "%.1f", decoderCold)) |")
        print("| JSONDecoder, first decode of another 25-property model | \(String(format: "%.1f", decoderFirst)) |")
        print("| JSONDecoder, second decode of it | \(String(format: "%.1f", decoderWarm)) |")
    }

    /// An `Account25` as JSON, every non-optional property present (Codable requires them).
    static let account25JSON = """
        {"number": 1, "reference": "r", "holder": "h", "contact": "c", "years": 2, "balance": 1.5, "open": true,
         "audited": false, "labels": ["x"], "limits": [1], "branch": "b", "region": "r", "postcode": "p", "rate": 0.5,
         "fee": 0.25, "deposits": 1, "withdrawals": 2, "transfers": 3, "notes": "n", "currency": "EUR", "locale": "fr",
         "frozen": false}
        """

    /// Runs `measure` in fresh child processes, `runs` times, and prints each row's median.
    static func report(runs: Int) throws {
        var rows: [String: [Double]] = [:]
        var order: [String] = []
        var decoderWentFirst: [Bool] = []
        for run in 0..<runs {
            let decoderFirst = run % 2 == 1
            decoderWentFirst.append(decoderFirst)
            for line in try ChildProcess.run(["--child", decoderFirst ? "first-mapping-decoder-first" : "first-mapping"]).split(separator: "\n") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count == 2, let value = Double(cells[1]) else { continue }
                if rows[cells[0]] == nil { order.append(cells[0]) }
                rows[cells[0], default: []].append(value)
            }
        }
        print("\n## first mapping of a type, fresh process (median of \(runs) processes)")
        print("| measurement | µs |")
        print("|---|---:|")
        for name in order {
            let values = (rows[name] ?? []).sorted()
            print("| \(name) | \(String(format: "%.1f", values[values.count / 2])) |")
        }
        // Each process's two first mappings ran moments apart: their ratio drifts less with the
        // machine's speed than either time does.
        let mappingKit = rows["MappingKit, first mapping of another 25-property model (its plan compiled)"] ?? []
        let decoder = rows["JSONDecoder, first decode of another 25-property model"] ?? []
        guard mappingKit.count == decoder.count, !mappingKit.isEmpty else { return }
        let ratios = zip(mappingKit, decoder).map { $0 / $1 }
        func median(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return sorted.isEmpty ? "–" : String(format: "%.2f×", sorted[sorted.count / 2])
        }
        let byOrder = { (decoderFirst: Bool) in ratios.indices.filter { decoderWentFirst[$0] == decoderFirst }.map { ratios[$0] } }
        print("\n| ratio (median of per-process ratios) | value |")
        print("|---|---:|")
        print("| MappingKit first mapping ÷ JSONDecoder first decode, another 25-property model | \(median(ratios)) |")
        print("| the same, processes where MappingKit went first | \(median(byOrder(false))) |")
        print("| the same, processes where JSONDecoder went first | \(median(byOrder(true))) |")
    }
}

/// This benchmark run again as a child process, for measurements that need a fresh one.
enum ChildProcess {
    /// What the child printed.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments + ["--data", dataDirectory.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "child \(arguments) exited with \(process.terminationStatus)"])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
