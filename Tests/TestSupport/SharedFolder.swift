public import Foundation

/// The workspace's shared folders beside the checkout (`../shared`): real-world JSON, the JSON
/// test suites and fuzz findings, which the tests read in place and never copy.
///
/// A test that needs one is enabled by ``enablesTest()``. Swift Testing counts a skipped test
/// among the passed ones in its summary and offers no hook at the end of a run, so the folder
/// counts the tests it skips itself, and a handler registered with `atexit` writes them after
/// the summary: one line per folder, then the total. The handler is registered by the first skip,
/// so a run with every folder present prints nothing more.
///
/// Each test target wraps it in a trait (`Support/SharedFolder+Testing.swift`; this target does
/// not import Testing, so that it builds as a plain library wherever the package builds):
///
/// ```swift
/// @Test("twitter.json maps", .needs(.data))
/// // is .enabled(if: SharedFolder.data.enablesTest(), "../shared/data is not beside this checkout")
/// ```
public enum SharedFolder: String, CaseIterable, Sendable {
    /// `../shared/data`: twitter, citm_catalog, canada.
    case data = "data"
    /// `../shared/data/JSONTestSuite`: Nicolas Seriot's parsing tests.
    case jsonTestSuite = "data/JSONTestSuite"
    /// `../shared/data/parse-number-fxx`: numbers' texts and their Float and Double bits.
    case parseNumberFxx = "data/parse-number-fxx"
    /// `../shared/fuzz-findings`: inputs the fuzzers found.
    case fuzzFindings = "fuzz-findings"

    /// `../shared` beside the package checkout.
    public static let root = PackagePaths.shared

    /// The folder's place: `SharedFolder.data.url.appendingPathComponent("twitter.json")`.
    public var url: URL { Self.root.appendingPathComponent(rawValue) }

    /// Whether the folder is there, without counting anything.
    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Why a test that needs the folder was skipped: `"../shared/data is not beside this checkout"`.
    public var absence: String { "../shared/\(rawValue) is not beside this checkout" }

    /// Whether the folder is there; when it is not, the test about to be skipped is counted for
    /// the run's last lines. Swift Testing evaluates a test's condition once, before the test.
    public func enablesTest() -> Bool {
        if exists { return true }
        SkippedTests.record(needing: self)
        return false
    }
}

/// The tests skipped for a missing folder, printed when the process exits.
enum SkippedTests {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var skipped: [SharedFolder: Int] = [:]

    static func record(needing folder: SharedFolder) {
        lock.lock()
        defer { lock.unlock() }
        if skipped.isEmpty { atexit { SkippedTests.printSummary() } }
        skipped[folder, default: 0] += 1
    }

    private static func printSummary() {
        lock.lock()
        let counts = skipped
        lock.unlock()
        // Standard error, where Swift Testing writes its lines: `swift test` reads the test
        // process's two streams apart, so a line on standard output can pass the summary.
        let text = SharedFolder.skipSummary(counts).map { $0 + "\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}

extension SharedFolder {
    /// The lines printed after Swift Testing's summary, which counts skipped tests as passed: one
    /// per missing folder, then the total.
    ///
    /// ```swift
    /// SharedFolder.skipSummary([.fuzzFindings: 1])
    /// // ["➜ 1 test skipped: ../shared/fuzz-findings is not beside this checkout",
    /// //  "➜ Of the tests counted as passed above, 1 was skipped, not run: put the workspace's shared folder beside the checkout as ../shared to run it"]
    /// ```
    public static func skipSummary(_ counts: [SharedFolder: Int]) -> [String] {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return [] }
        let groups = allCases.compactMap { folder -> String? in
            guard let count = counts[folder], count > 0 else { return nil }
            return "➜ \(count) \(count == 1 ? "test" : "tests") skipped: \(folder.absence)"
        }
        let were = total == 1 ? "1 was" : "\(total) were"
        let them = total == 1 ? "it" : "them"
        return groups + [
            "➜ Of the tests counted as passed above, \(were) skipped, not run: put the workspace's shared folder beside the checkout as ../shared to run \(them)"
        ]
    }
}
