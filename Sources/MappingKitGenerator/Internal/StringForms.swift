import Foundation
import MappingKit

/// Which richer types every string seen at a place converts to and back exactly, through
/// MappingKit's own conversions: an absolute URL, an ISO 8601 date, a Twitter-style date.
struct StringForms {
    var url = true
    var iso8601 = true
    var twitterDate = true

    /// Checks one more string; a form that failed once is not tried again.
    mutating func observe(_ text: String) {
        if iso8601 { iso8601 = ISO8601Probe.mapsBack(text) }
        if twitterDate { twitterDate = TwitterDateProbe.mapsBack(text) }
        if url { url = URLProbe.isAbsolute(text) && URLProbe.mapsBack(text) }
    }

    func merged(with other: StringForms) -> StringForms {
        StringForms(url: url && other.url, iso8601: iso8601 && other.iso8601, twitterDate: twitterDate && other.twitterDate)
    }
}

/// The date formats the generator recognises, with the adapter each names in generated code.
enum DateForm: CaseIterable {
    case iso8601
    case twitter

    /// The adapter, as generated code spells it.
    var adapterSource: String {
        switch self {
        case .iso8601: ".iso8601"
        case .twitter: #".date(format: "\#(TwitterDateProbe.format)")"#
        }
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

private struct ISO8601Probe: Probe {
    var value = Date(timeIntervalSince1970: 0)
    static let mappingConfiguration = MappingConfiguration(for: ISO8601Probe.self) { map in
        map.map(\.value, using: .iso8601)
    }
}

private struct TwitterDateProbe: Probe {
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
