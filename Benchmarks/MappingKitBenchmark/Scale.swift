import Foundation
import MappingKit

// Mapping 10^3 to 10^6 statuses: the cost per object should not grow with the number of
// objects, and mapping should take no more memory than the models it makes. The statuses are
// twitter.json's 100, as native dictionaries, repeated.

enum Scale {
    static let counts = [1_000, 10_000, 100_000, 1_000_000]

    /// `count` statuses: twitter.json's, as native dictionaries, over and over.
    static func statuses(_ count: Int, from native: [Any]) -> [Any] {
        (0..<count).map { native[$0 % native.count] }
    }

    /// Per-object medians for MappingKit and hand-written code at every count.
    static func report(native: [Any], rounds: Int, only: String?) throws {
        print("\n## scale: native dictionaries, twitter.json's statuses repeated")
        print("| statuses | MappingKit ns/object | hand-written ns/object | ratio |")
        print("|---:|---:|---:|---:|")
        var perObject: [Double] = []
        for count in counts {
            let input = statuses(count, from: native)
            // Fewer rounds as the count grows: 10^6 statuses take seconds a round.
            var harness = Harness(rounds: max(1, min(rounds, rounds * 10_000 / count)), only: only)
            harness.add("MappingKit", objects: count) { try Status.array(from: input).count }
            harness.add("hand-written", objects: count) { input.map { Status(handWritten: $0 as? [String: Any] ?? [:]) }.count }
            try harness.run()
            let mappingKit = harness.median("MappingKit")
            let handWritten = harness.median("hand-written")
            perObject.append(mappingKit)
            print("| \(count) | \(String(format: "%.0f", mappingKit)) | \(String(format: "%.0f", handWritten)) | \(String(format: "%.2f×", harness.ratio("MappingKit", "hand-written"))) |")
        }
        if let low = perObject.min(), let high = perObject.max() {
            print("\nMappingKit's cost per object varies by \(String(format: "%.1f", (high / low - 1) * 100))% from 10^3 to 10^6 statuses")
        }
    }

    /// Runs in a child process: the peak resident memory that mapping 10^6 statuses adds,
    /// in kilobytes, with `contender` ("mappingkit" or "hand-written").
    static func measurePeakMemory(_ contender: String, native: [Any]) throws {
        let input = statuses(1_000_000, from: native)
        let before = ProcessMemory.kilobytes("VmRSS")
        ProcessMemory.resetPeak()
        let count: Int
        if contender == "mappingkit" {
            let models = try Status.array(from: input)
            count = models.count
            print("peak \(ProcessMemory.kilobytes("VmHWM") - before)")
            withExtendedLifetime(models) {}
        } else {
            let models = input.map { Status(handWritten: $0 as? [String: Any] ?? [:]) }
            count = models.count
            print("peak \(ProcessMemory.kilobytes("VmHWM") - before)")
            withExtendedLifetime(models) {}
        }
        print("count \(count)")
    }

    /// Peak memory of both contenders, each in a fresh child process.
    static func reportPeakMemory() throws {
        func peak(_ contender: String) throws -> Int {
            let output = try ChildProcess.run(["--child", "peak-memory", contender])
            return output.split(separator: "\n").first { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        }
        let mappingKit = try peak("mappingkit")
        let handWritten = try peak("hand-written")
        print("\n## peak memory mapping 10^6 statuses (resident, above the input)")
        print("| contender | MB |")
        print("|---|---:|")
        print("| MappingKit | \(mappingKit / 1024) |")
        print("| hand-written | \(handWritten / 1024) |")
        print("\n| ratio | value |")
        print("|---|---:|")
        print("| MappingKit ÷ hand-written, peak memory | \(String(format: "%.2f×", Double(mappingKit) / Double(max(handWritten, 1)))) |")
    }
}

/// This process's memory, from `/proc/self/status` (Linux; 0 elsewhere).
enum ProcessMemory {
    static func kilobytes(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }

    /// Starts the peak (`VmHWM`) again from the current resident size.
    static func resetPeak() {
        FileHandle(forWritingAtPath: "/proc/self/clear_refs")?.write(Data("5".utf8))
    }
}
