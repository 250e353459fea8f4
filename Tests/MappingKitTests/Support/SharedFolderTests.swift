import TestSupport
import Testing

@Suite("The run's last lines count the tests skipped for a missing ../shared folder")
struct SharedFolderTests {
    @Test("one line per missing folder in a fixed order, then the total; nothing when nothing was skipped")
    func summary() {
        #expect(SharedFolder.skipSummary([:]) == [])
        #expect(SharedFolder.skipSummary([.fuzzFindings: 1, .data: 9, .jsonTestSuite: 4]) == [
            "➜ 9 tests skipped: ../shared/data is not beside this checkout",
            "➜ 4 tests skipped: ../shared/data/JSONTestSuite is not beside this checkout",
            "➜ 1 test skipped: ../shared/fuzz-findings is not beside this checkout",
            "➜ Of the tests counted as passed above, 14 were skipped, not run: put the workspace's shared folder beside the checkout as ../shared to run them",
        ])
        #expect(SharedFolder.skipSummary([.parseNumberFxx: 1]) == [
            "➜ 1 test skipped: ../shared/data/parse-number-fxx is not beside this checkout",
            "➜ Of the tests counted as passed above, 1 was skipped, not run: put the workspace's shared folder beside the checkout as ../shared to run it",
        ])
    }

    @Test("the folders are read in place, in ../shared beside the checkout")
    func places() {
        #expect(SharedFolder.root.lastPathComponent == "shared")
        #expect(SharedFolder.allCases.map { $0.url.path.hasPrefix(SharedFolder.root.path + "/") } == [true, true, true, true])
        #expect(SharedFolder.jsonTestSuite.absence == "../shared/data/JSONTestSuite is not beside this checkout")
    }
}
