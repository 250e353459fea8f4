import Foundation
import MappingKit

// Streams: twitter.json's 100 statuses repeated into a file of `count` statuses, written here
// (never kept in the repository) as one top-level array (the statuses' own bytes, about 6.3 KB
// each) and as JSON Lines (each status compact on its line). Each file is mapped with
// `Status.jsonElements(contentsOf:)`, against `Status.array(json:)` of the 100 statuses in
// memory, interleaved; the peak resident memory of a stream is measured in a child process
// that does nothing else.

enum Streams {
    /// The 100 statuses of twitter.json as one array, in their own bytes, and each compact.
    static func statuses(from twitter: Data) throws -> (array: Data, compact: [Data]) {
        let text = String(decoding: twitter, as: UTF8.self)
        guard let open = text.range(of: "\"statuses\": ["), let close = text.range(of: "],\n  \"search_metadata\"") else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let inner = Data(text[open.upperBound..<close.lowerBound].utf8)
        let root = try JSONSerialization.jsonObject(with: twitter) as? [String: Any] ?? [:]
        let compact = try (root["statuses"] as? [Any] ?? []).map { try JSONSerialization.data(withJSONObject: $0) }
        return (Data("[".utf8) + inner + Data("]".utf8), compact)
    }

    /// Writes `count` statuses (a multiple of 100) as an array and as JSON Lines.
    static func writeFiles(count: Int, array: Data, compact: [Data], in directory: URL) throws -> (array: URL, lines: URL) {
        let arrayURL = directory.appendingPathComponent("statuses-\(count).json")
        let linesURL = directory.appendingPathComponent("statuses-\(count).jsonl")
        let inner = array.dropFirst().dropLast()
        guard FileManager.default.createFile(atPath: arrayURL.path, contents: nil),
              FileManager.default.createFile(atPath: linesURL.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }
        let arrayFile = try FileHandle(forWritingTo: arrayURL)
        let linesFile = try FileHandle(forWritingTo: linesURL)
        defer {
            try? arrayFile.close()
            try? linesFile.close()
        }
        let lines = compact.reduce(into: Data()) { $0 += $1 + Data("\n".utf8) }
        for copy in 0..<(count / compact.count) {
            arrayFile.write(Data((copy == 0 ? "[" : ",").utf8) + inner)
            linesFile.write(lines)
        }
        arrayFile.write(Data("]".utf8))
        return (arrayURL, linesURL)
    }

    /// Maps every status of the file at `url`; the number mapped and the sum of their ids'
    /// last digits, so that the work cannot be left out.
    static func mapFile(_ url: URL) throws -> (count: Int, check: Int) {
        var count = 0
        var check = 0
        try Status.jsonElements(contentsOf: url).forEach { status in
            count += 1
            check &+= Int(status.id % 10)
        }
        return (count, check)
    }

    /// Runs in a child process: maps the file and prints its peak resident memory (`VmHWM`, the
    /// whole process) and the statuses mapped.
    static func measurePeakMemory(path: String) throws {
        let result = try mapFile(URL(fileURLWithPath: path))
        print("peak \(ProcessMemory.kilobytes("VmHWM"))")
        print("count \(result.count)")
    }

    static func report(twitter: Data, count: Int, rounds: Int) throws {
        let (array, compact) = try statuses(from: twitter)
        let inMemory = try Status.array(json: array)
        // The JSON Lines' statuses as one array in memory: the same compact bytes (JSONSerialization
        // writes `/` as `\/`, and reading escapes costs more).
        let compactArray = Data("[".utf8) + compact.joined(separator: Data(",".utf8)) + Data("]".utf8)
        check(try Status.array(json: compactArray) == inMemory, "streams: the compact statuses differ")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mappingkit-streams-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try writeFiles(count: count, array: array, compact: compact, in: directory)
        let arrayBytes = try FileManager.default.attributesOfItem(atPath: files.array.path)[.size] as? Int ?? 0
        let linesBytes = try FileManager.default.attributesOfItem(atPath: files.lines.path)[.size] as? Int ?? 0

        // The contenders agree: the streams give the statuses of the array, in order.
        let expectedCheck = inMemory.reduce(0) { $0 &+ Int($1.id % 10) } * (count / inMemory.count)
        for url in [files.array, files.lines] {
            let result = try mapFile(url)
            check(result.count == count && result.check == expectedCheck, "streams: \(url.lastPathComponent) disagrees with array(json:)")
        }
        var firstHundred: [Status] = []
        let reader = try Status.jsonElements(contentsOf: files.lines)
        while firstHundred.count < inMemory.count, let status = try reader.next() { firstHundred.append(status) }
        check(firstHundred == inMemory, "streams: the JSON Lines statuses differ from array(json:)'s")

        // Interleaved: in memory (many rounds, median), then each file once, `rounds` times.
        var memoryTimes: [Double] = []
        var compactTimes: [Double] = []
        var arrayTimes: [Double] = []
        var linesTimes: [Double] = []
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        for _ in 0..<rounds {
            var inner: [Double] = []
            for _ in 0..<20 { inner.append(try seconds { _ = try Status.array(json: array) }) }
            memoryTimes.append(median(inner))
            inner = []
            for _ in 0..<20 { inner.append(try seconds { _ = try Status.array(json: compactArray) }) }
            compactTimes.append(median(inner))
            arrayTimes.append(try seconds { _ = try mapFile(files.array) })
            linesTimes.append(try seconds { _ = try mapFile(files.lines) })
        }
        let memorySeconds = median(memoryTimes)
        let memoryRate = Double(inMemory.count) / memorySeconds
        let compactRate = Double(inMemory.count) / median(compactTimes)
        let arrayRate = Double(count) / median(arrayTimes)
        let linesRate = Double(count) / median(linesTimes)

        func peak(_ url: URL) throws -> Int {
            let output = try ChildProcess.run(["--child", "stream-memory", url.path])
            return output.split(separator: "\n").first { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        }
        let arrayPeak = try peak(files.array)
        let linesPeak = try peak(files.lines)

        print("\n## streams: \(count) statuses from a file (twitter.json's, repeated), \(rounds) interleaved rounds")
        print("| measurement | MB/s | statuses/s | peak resident MB (whole process) |")
        print("|---|---:|---:|---:|")
        print("| Status.array(json:), 100 statuses in memory (\(array.count) bytes) | \(megabytes(array.count, memorySeconds)) | \(Int(memoryRate)) | |")
        print("| Status.array(json:), the same 100 statuses compact (\(compactArray.count) bytes) | \(megabytes(compactArray.count, median(compactTimes))) | \(Int(compactRate)) | |")
        print("| jsonElements, top-level array (\(arrayBytes) bytes) | \(megabytes(arrayBytes, median(arrayTimes))) | \(Int(arrayRate)) | \(arrayPeak / 1024) |")
        print("| jsonElements, JSON Lines (\(linesBytes) bytes) | \(megabytes(linesBytes, median(linesTimes))) | \(Int(linesRate)) | \(linesPeak / 1024) |")
        print("\n| ratio | value |")
        print("|---|---:|")
        print("| stream (array) ÷ in memory (the same bytes), statuses/s | \(String(format: "%.2f×", arrayRate / memoryRate)) |")
        print("| stream (JSON Lines) ÷ in memory (compact), statuses/s | \(String(format: "%.2f×", linesRate / compactRate)) |")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private static func megabytes(_ bytes: Int, _ seconds: Double) -> String {
        String(format: "%.0f", Double(bytes) / seconds / 1e6)
    }
}
