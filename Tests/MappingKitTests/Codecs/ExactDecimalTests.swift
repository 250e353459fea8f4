import Foundation
@testable import MappingKit
import Testing

@Suite("ExactDecimal: the epoch adapters' exact arithmetic")
struct ExactDecimalTests {
    @Test("text in: JSON's number syntax and Swift's descriptions; anything else refused")
    func parsing() {
        #expect(ExactDecimal(text: "-12.50")?.text == "-125e-1")
        #expect(ExactDecimal(text: "1e+300")?.text == "1e300")
        #expect(ExactDecimal(text: "0.000")?.text == "0")
        #expect(ExactDecimal(text: "-0")?.text == "0")
        #expect(ExactDecimal(text: "1.5E-3")?.text == "15e-4")
        for bad in ["", "-", ".", "1e", "1e+", "inf", "nan", "--1", "1.2.3", "0x10", "1 "] {
            #expect(ExactDecimal(text: bad) == nil, "\(bad)")
        }
    }

    @Test("sums and shifts are exact: 2,000 random pairs against Decimal's own arithmetic")
    func sums() throws {
        var random = SplitMix64(seed: 37)
        for _ in 0..<2_000 {
            let a = Int64(bitPattern: random.next()) % 1_000_000_000_000, b = Int64(bitPattern: random.next()) % 1_000_000_000
            let shiftA = Int(random.next() % 12), shiftB = Int(random.next() % 12)
            let left = try #require(ExactDecimal(text: "\(a)e-\(shiftA)")), right = try #require(ExactDecimal(text: "\(b)e-\(shiftB)"))
            let expected = try #require(Decimal(string: "\(a)e-\(shiftA)")) + (try #require(Decimal(string: "\(b)e-\(shiftB)")))
            #expect(left.adding(right) == ExactDecimal(text: "\(expected)"), "\(a)e-\(shiftA) + \(b)e-\(shiftB)")
            #expect(left.scaled(by: 3).adding(right.scaled(by: 3)) == ExactDecimal(text: "\(expected)")?.scaled(by: 3))
        }
    }

    @Test("the Double is the correctly rounded one, and plain text pads to the digits asked for")
    func doublesAndText() {
        #expect(ExactDecimal(text: "0.1")?.double == 0.1)
        #expect(ExactDecimal(text: "786000000.1234561")?.double == 786_000_000.123_456_1)
        #expect(ExactDecimal(text: "95042219508047.18")?.plainText(minimumDigits: 17) == "95042219508047.180")
        #expect(ExactDecimal(text: "-0.0005")?.plainText(minimumDigits: 3) == "-0.000500")
        #expect(ExactDecimal(text: "12e3")?.plainText() == "12000")
    }
}
