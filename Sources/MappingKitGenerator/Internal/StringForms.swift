import Foundation
import MappingKit

/// Which richer types every string seen at a place converts to and back exactly, through
/// MappingKit's own conversions: an absolute URL, an ISO 8601 date in UTC, a Twitter-style date,
/// an RFC 3339 date in one offset of its own (GitHub's `2021-03-30T16:09:00.000-04:00`).
struct StringForms {
    var url = true
    var iso8601 = true
    var twitterDate = true
    /// The pattern and offset every string so far was written in, until one was not.
    var offsetDate = OffsetDates.unseen

    /// Checks one more string; a form that failed once is not tried again.
    mutating func observe(_ text: String) {
        if iso8601 { iso8601 = ISO8601Probe.mapsBack(text) }
        if twitterDate { twitterDate = TwitterDateProbe.mapsBack(text) }
        if url { url = URLProbe.isAbsolute(text) && URLProbe.mapsBack(text) }
        offsetDate = offsetDate.observing(text)
    }

    func merged(with other: StringForms) -> StringForms {
        StringForms(
            url: url && other.url, iso8601: iso8601 && other.iso8601, twitterDate: twitterDate && other.twitterDate,
            offsetDate: offsetDate.merged(with: other.offsetDate)
        )
    }
}

/// Dates written in a local offset, `yyyy-MM-dd'T'HH:mm:ss[.SSS]xxx`: every text of a place in
/// the same pattern and the same offset, each read and written back unchanged by
/// `.date(format:secondsFromGMT:)`. Texts in several offsets (a zone's summer and winter time)
/// stay strings: no one pattern writes them all back.
enum OffsetDates: Equatable {
    case unseen
    case pattern(OffsetPattern)
    case none

    func observing(_ text: String) -> OffsetDates {
        switch self {
        case .none: return .none
        case .unseen:
            guard let pattern = OffsetPattern(reading: text), pattern.mapsBack(text) else { return .none }
            return .pattern(pattern)
        case .pattern(let pattern):
            guard OffsetPattern(reading: text) == pattern, pattern.mapsBack(text) else { return .none }
            return self
        }
    }

    func merged(with other: OffsetDates) -> OffsetDates {
        switch (self, other) {
        case (.unseen, _): other
        case (_, .unseen): self
        case (.pattern(let mine), .pattern(let theirs)) where mine == theirs: self
        default: .none
        }
    }
}

/// One RFC 3339 pattern with its offset, and a mapper that reads and writes it.
final class OffsetPattern: Equatable {
    let format: String
    let offset: Int
    private let mapper: Mapper

    /// The pattern `text` is written in, when it is `yyyy-MM-dd'T'HH:mm:ss`, maybe `.SSS`, and an
    /// offset with a colon or `Z`.
    convenience init?(reading text: String) {
        let scalars = Array(text.unicodeScalars)
        let digit = { (index: Int) in index < scalars.count && ("0"..."9").contains(scalars[index]) }
        let shape = "dddd-dd-ddTdd:dd:dd"
        guard scalars.count >= shape.count + 1,
              zip(shape.unicodeScalars, scalars).enumerated().allSatisfy({ index, pair in pair.0 == "d" ? digit(index) : pair.0 == pair.1 })
        else { return nil }
        var index = shape.count
        var format = "yyyy-MM-dd'T'HH:mm:ss"
        if scalars.count > index + 3, scalars[index] == ".", digit(index + 1), digit(index + 2), digit(index + 3) {
            format += ".SSS"
            index += 4
        }
        // UTC as `Z`: the pattern keeps the milliseconds `.iso8601` would drop when they are
        // `.000`, so that `…:29.000Z` is a `Date` as `…:29.123Z` is.
        if scalars.count == index + 1, scalars[index] == "Z" {
            self.init(format: format + "'Z'", offset: 0)
            return
        }
        guard scalars.count == index + 6, scalars[index] == "+" || scalars[index] == "-", digit(index + 1), digit(index + 2),
              scalars[index + 3] == ":", digit(index + 4), digit(index + 5),
              let hours = Int(String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)]))),
              let minutes = Int(String(String.UnicodeScalarView(scalars[(index + 4)...(index + 5)])))
        else { return nil }
        let offset = (scalars[index] == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
        self.init(format: format + "xxx", offset: offset)
    }

    private init(format: String, offset: Int) {
        self.format = format
        self.offset = offset
        mapper = Mapper()
        mapper.register(MappingConfiguration(for: OffsetProbe.self) { map in
            map.map(\.value, using: .date(format: format, secondsFromGMT: offset))
        }, for: OffsetProbe.self)
    }

    static func == (left: OffsetPattern, right: OffsetPattern) -> Bool {
        left.format == right.format && left.offset == right.offset
    }

    /// Whether `text` reads as a date and writes back as `text`.
    func mapsBack(_ text: String) -> Bool {
        guard let probe = try? mapper.map(["value": text], to: OffsetProbe.self),
              let back = try? mapper.dictionaryRepresentation(of: probe)
        else { return false }
        return back["value"] as? String == text
    }

    /// `date` as this pattern writes it.
    func text(of date: Date) -> String? {
        var probe = OffsetProbe()
        probe.value = date
        return (try? mapper.dictionaryRepresentation(of: probe))?["value"] as? String
    }

    /// The adapter, as generated code spells it.
    var adapterSource: String {
        offset == 0 ? #".date(format: "\#(format)")"# : #".date(format: "\#(format)", secondsFromGMT: \#(offset))"#
    }
}

private struct OffsetProbe: Mappable {
    var value = Date(timeIntervalSince1970: 0)
}

/// The date formats the generator recognises, with the adapter each names in generated code.
enum DateForm {
    case iso8601
    case twitter
    case offset(OffsetPattern)

    /// The adapter, as generated code spells it.
    var adapterSource: String {
        switch self {
        case .iso8601: ".iso8601"
        case .twitter: #".date(format: "\#(TwitterDateProbe.format)")"#
        case .offset(let pattern): pattern.adapterSource
        }
    }

    /// The adapter itself, for the schema the library gives it.
    var adapter: Adapter<Date> {
        switch self {
        case .iso8601: .iso8601
        case .twitter: .date(format: TwitterDateProbe.format)
        case .offset(let pattern): .date(format: pattern.format, secondsFromGMT: pattern.offset)
        }
    }

    /// The text of 1970's first second in this form: a date property's default, as written.
    var epochText: String? {
        switch self {
        case .iso8601: ISO8601Probe.text(of: Date(timeIntervalSince1970: 0))
        case .twitter: TwitterDateProbe.text(of: Date(timeIntervalSince1970: 0))
        case .offset(let pattern): pattern.text(of: Date(timeIntervalSince1970: 0))
        }
    }
}

/// A probe of one `Date`, to write one through its adapter.
private protocol DateProbe: Probe {
    var value: Date { get set }
}

extension DateProbe {
    static func text(of date: Date) -> String? {
        var probe = Self()
        probe.value = date
        return (try? probe.dictionaryRepresentation())?["value"] as? String
    }
}

/// A model with one property, mapped from `["value": text]` and written back: the string is of
/// the form when the text comes back unchanged, so the generated model loses nothing.
private protocol Probe: Mappable {}

extension Probe {
    static func mapsBack(_ text: String) -> Bool {
        guard let probe = try? Self(dictionary: ["value": text]),
              let back = try? probe.dictionaryRepresentation()
        else { return false }
        return back["value"] as? String == text
    }
}

private struct ISO8601Probe: DateProbe {
    var value = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: ISO8601Probe.self) { map in
        map.map(\.value, using: .iso8601)
    }
}

private struct TwitterDateProbe: DateProbe {
    static let format = "EEE MMM dd HH:mm:ss Z yyyy"
    var value = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: TwitterDateProbe.self) { map in
        map.map(\.value, using: .date(format: TwitterDateProbe.format))
    }
}

/// An absolute URL with a scheme and a host, which `URL` keeps exactly as written.
private struct URLProbe: Probe {
    var value: URL?

    static func isAbsolute(_ text: String) -> Bool {
        guard let url = URL(string: text) else { return false }
        return url.scheme != nil && url.host?.isEmpty == false
    }
}
