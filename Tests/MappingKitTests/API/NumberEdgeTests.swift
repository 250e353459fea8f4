import Foundation
import TestSupport
import MappingKit
import Testing

// Numbers at the edges of what each format holds (issue 23, items 6, 11, 12 and 13): what one
// writer writes, the readers users have must read back as the same value, or the write throws.

private struct Amount: MappableCodable, Equatable {
    var v = Decimal(0)
}

private struct Real: Mappable, Equatable {
    var x = 0.0
}

private struct Bag: MappableCodable {
    var name = ""
    var unmapped = UnmappedValues()
    static let mappingConfiguration = MappingConfiguration(for: Bag.self) { $0.undefinedKeys = .stash }
}

private func message(_ body: () throws -> Any) -> String {
    do {
        _ = try body()
        return "no error"
    } catch let error as EncodingError {
        guard case .invalidValue(_, var context) = error else { return "\(error)" }
        // PropertyListEncoder wraps what the model threw in an error of its own.
        while let inner = context.underlyingError as? EncodingError, case .invalidValue(_, let innerContext) = inner {
            context = innerContext
        }
        return "\(context.codingPath.map(\.stringValue)): \(context.debugDescription)"
    } catch {
        return "\(error)"
    }
}

private func fuzzFindings() -> [URL] {
    let folder = SharedFolder.fuzzFindings.url
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasPrefix("crash-") }.sorted().map { folder.appendingPathComponent($0) }
}

@Suite("Numbers at the edges of each format (issue 23)")
struct NumberEdgeTests {
    @Test("Decimal NaN is refused by every writer")
    func decimalNaN() {
        let amount = Amount(v: .nan)
        #expect(message { try amount.dictionaryRepresentation() } == "v: expected a finite Decimal, found Decimal NaN")
        #expect(message { try amount.jsonData() } == "v: expected a finite Decimal, found Decimal NaN")
        #expect(message { try JSONEncoder().encode(amount) } == "[\"v\"]: v: expected a finite Decimal, found Decimal NaN")
    }

    @Test("Decimal's extremes read back from every writer", arguments: [
        Decimal.greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude, Decimal.leastNonzeroMagnitude,
        Decimal(string: "340282366920938463463374607431768211455")!, Decimal(string: "-0.000000000000000000000000000000000000001")!,
    ])
    func decimalExtremes(_ value: Decimal) throws {
        let amount = Amount(v: value)
        #expect(try Amount(dictionary: amount.dictionaryRepresentation()) == amount)
        #expect(try Amount(json: amount.jsonData()) == amount)
        #expect(try JSONDecoder().decode(Amount.self, from: JSONEncoder().encode(amount)) == amount)
    }

    @Test("the doubles jsonData writes map back through JSONSerialization, extremes and 2,000 random")
    func doublesThroughJSONSerialization() throws {
        var random = SplitMix64(seed: 0x23_12)
        var values: [Double] = [
            18_446_744_073_709_551_616.0, 0x1p63, 0x1p53 + 2, 1e22, 1e23, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, -0.0, 1.7976931348623157e308, 2.2250738585072014e-308,
        ]
        while values.count < 2_013 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
        }
        var failures: [String] = []
        for value in values {
            let data = try Real(x: value).jsonData()
            let object = try JSONSerialization.jsonObject(with: data)
            guard let dictionary = object as? [String: Any] else {
                Issue.record("not an object: \(object)")
                return
            }
            do {
                let back = try Real(dictionary: dictionary)
                if back.x.bitPattern != value.bitPattern { failures.append("\(value) came back as \(back.x)") }
            } catch {
                failures.append("\(value) (\(String(decoding: data, as: UTF8.self))): \(error)")
            }
        }
        #expect(failures == [])
    }

    @Test("a stashed number that a property list cannot hold is refused by PropertyListEncoder, never written as Decimal's fields")
    func stashThroughPropertyList() throws {
        let big = try Bag(dictionary: ["name": "b", "big": NSDecimalNumber(string: "18446744073709551616")])
        #expect(message { try PropertyListEncoder().encode(big) }
            == "[\"big\"]: big: expected a 64-bit integer or a Double (only JSONEncoder writes a Decimal as a number), found Decimal 18446744073709551616")
        let digits = try Bag(dictionary: ["name": "b", "digits": Decimal(string: "0.12345678901234567891")!])
        #expect(message { try PropertyListEncoder().encode(digits) }
            == "[\"digits\"]: digits: expected a 64-bit integer or a Double (only JSONEncoder writes a Decimal as a number), found Decimal 0.12345678901234567891")
        // A Decimal that is a 64-bit integer, or the text of a Double, is written as that number,
        // as JSON text would hold it.
        let exact = try Bag(dictionary: ["name": "b", "n": Decimal(12), "price": Decimal(string: "19.99")!, "max": Decimal(UInt64.max)])
        let back = try PropertyListDecoder().decode(Bag.self, from: PropertyListEncoder().encode(exact))
        #expect(back.unmapped == UnmappedValues(["n": 12, "price": 19.99, "max": UInt64.max]))
        // JSONEncoder writes every Decimal as a number.
        let json = try JSONDecoder().decode(Bag.self, from: JSONEncoder().encode(big))
        #expect(json.unmapped == big.unmapped)
    }

    @Test("untyped numbers through JSONEncoder and JSONDecoder keep their value; whole numbers past 2^53 are not rewritten")
    func untypedLargeNumbersThroughTheCodableBridge() throws {
        // A Double from a dictionary: JSONEncoder would write its shortest text,
        // 1.844674407370955e+16, which JSONDecoder reads as the integer 18446744073709550.
        // It is written as its exact integer, which reads back as that integer, as 3.0 reads back as 3.
        let whole = 18_446_744_073_709_551.615_5
        let double = try Bag(dictionary: ["name": "d", "d": whole, "big": 0x1p64, "small": 3.0, "huge": 1e300])
        let back = try JSONDecoder().decode(Bag.self, from: JSONEncoder().encode(double))
        #expect(back.unmapped == UnmappedValues(["d": Int(exactly: whole) as Any, "big": 0x1p64, "small": 3, "huge": 1e300]))
        #expect(Int(exactly: whole) == 18_446_744_073_709_552)
        // Text with a fraction past 2^53 reads as the exact Decimal, which writes back the same.
        let text = Data(#"{"name": "t", "king": 18446744073709551615.5e-3, "id": 18446744073709550, "round": 1.8446744073709552e19}"#.utf8)
        let first = try JSONDecoder().decode(Bag.self, from: text)
        #expect(first.unmapped == UnmappedValues([
            "king": Decimal(string: "18446744073709551.6155")!, "id": 18_446_744_073_709_550, "round": 0x1p64,
        ]))
        let second = try JSONDecoder().decode(Bag.self, from: JSONEncoder().encode(first))
        #expect(second.unmapped == first.unmapped)
    }

    @Test(
        "the fuzz findings of the Codable round trip read back equal",
        .needs(.fuzzFindings)
    )
    func fuzzFindingsRoundTrip() throws {
        for finding in fuzzFindings() {
            let decoder = JSONDecoder()
            decoder.userInfo[.mappingKitMapper] = Mapper(undefinedKeys: .stash)
            guard let first = try? decoder.decode(Bag.self, from: Data(contentsOf: finding)) else { continue }
            let second = try decoder.decode(Bag.self, from: JSONEncoder().encode(first))
            #expect(second.unmapped == first.unmapped, "\(finding.lastPathComponent)")
        }
    }
}
