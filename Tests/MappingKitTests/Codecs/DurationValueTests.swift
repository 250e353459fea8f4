import Foundation
import MappingKit
import Testing

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private struct Job: Mappable, Equatable {
    var timeout: Duration = .zero
    var retry: Duration?
    var steps: [Duration] = []
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private struct CodableJob: MappableCodable, Equatable {
    var timeout: Duration = .zero
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private func json(_ job: Job) throws -> String {
    String(decoding: try job.jsonData(options: .sortedKeys), as: UTF8.self)
}

@Suite("Duration, natively: seconds as an exact number")
struct DurationValueTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("reads seconds from every number form and text, every way, exactly")
    func reads() throws {
        let job = try mapped(Job.self, ["timeout": 2.5, "retry": 30, "steps": [0.001, "90", -1.25]])
        #expect(job == Job(timeout: .milliseconds(2500), retry: .seconds(30), steps: [.milliseconds(1), .seconds(90), .milliseconds(-1250)]))
        #expect(try mapped(Job.self, ["timeout": NSNumber(value: 7)]).timeout == .seconds(7))
        #expect(try mapped(Job.self, ["timeout": Decimal(string: "0.000000000000000001")!]).timeout == Duration(secondsComponent: 0, attosecondsComponent: 1))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("JSON's digits are read as written, to the attosecond (a Double would round them)")
    func jsonDigits() throws {
        let job = try Job(json: Data(#"{"timeout": 1.000000000000000001, "steps": [123456789.123456789]}"#.utf8))
        #expect(job.timeout == Duration(secondsComponent: 1, attosecondsComponent: 1))
        #expect(job.steps == [Duration(secondsComponent: 123_456_789, attosecondsComponent: 123_456_789_000_000_000)])
        #expect(try json(job) == #"{"steps":[123456789.123456789],"timeout":1.000000000000000001}"#)
    }

    // Arguments as a `Duration`'s components: an argument list is built outside the tests'
    // availability.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("writes the seconds as a Decimal, and every value comes back equal through each format", arguments: [
        (0, 0), (30, 0), (-1, -500_000_000_000_000_000), (0, 1),
        (-9_223_372_036_854_775_807, -999_999_999_999_999_999), (Int64.max, 999_999_999_999_999_999),
    ] as [(Int64, Int64)])
    func roundTrips(seconds: Int64, attoseconds: Int64) throws {
        let duration = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
        let job = Job(timeout: duration, retry: duration, steps: [duration])
        let dictionary = try job.dictionaryRepresentation()
        #expect(dictionary["timeout"] is Decimal)
        #expect(try Job(dictionary: dictionary) == job)
        #expect(try Job(json: job.jsonData()) == job)
        let coded = CodableJob(timeout: duration)
        #expect(try JSONDecoder().decode(CodableJob.self, from: JSONEncoder().encode(coded)) == coded)
        #expect(try PropertyListDecoder().decode(CodableJob.self, from: PropertyListEncoder().encode(coded)) == coded)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("what a Duration cannot hold exactly is refused, naming Duration", arguments: [
        (#"{"timeout": 1.0000000000000000001}"#, "timeout: expected Duration without loss of precision, found Decimal 1.0000000000000000001"),
        (#"{"timeout": 1e21}"#, "timeout: expected Duration in -170141183460469231731.687303715884105728...170141183460469231731.687303715884105727 seconds, found Decimal 1000000000000000000000"),
        (#"{"timeout": "soon"}"#, #"timeout: expected Duration, found String "soon""#),
        (#"{"timeout": true}"#, "timeout: expected Duration, found Bool true"),
        (#"{"timeout": null}"#, "timeout: expected Duration, found null"),
    ])
    func refuses(input: String, message: String) throws {
        let fromJSON = mappingError { _ = try Job(json: Data(input.utf8)) }?.description
        let fromDictionary = mappingError { _ = try Job(dictionary: jsonDictionary(input)) }?.description
        #expect(fromJSON == message)
        #expect(fromDictionary == message)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test("the largest and smallest durations are exact too: Decimal holds 39 digits up to 2¹²⁸ − 1")
    func extremes() throws {
        let largest = Job(timeout: Duration(_high: Int64.max, low: UInt64.max), steps: [Duration(_high: Int64.min, low: 0)])
        #expect(try json(largest) == #"{"steps":[-170141183460469231731.687303715884105728],"timeout":170141183460469231731.687303715884105727}"#)
        #expect(try Job(json: largest.jsonData()) == largest)
        #expect(try Job(dictionary: largest.dictionaryRepresentation()) == largest)
    }
}
