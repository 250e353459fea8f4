import Foundation
import MappingKit
import Testing

private final class Badge: Mappable {
    var title = ""
    var shout: String {
        get { title.uppercased() }
        set { title = newValue.lowercased() }
    }
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Badge.self) { $0.map(\.shout, to: "loud") }
}

private final class Banner: Mappable {
    var title = ""
    /// Stores what it is given, reads it transformed: not the stored property either.
    var display: String {
        get { title.uppercased() }
        set { title = newValue }
    }
    required init() {}

    static let mappingConfiguration = MappingConfiguration(for: Banner.self) { $0.map(\.display, to: "display") }
}

private class Doc: Mappable {
    var code = ""
    required init() {}

    func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: Doc.self) { $0.map(\.code, to: "doc_code") }
        try defaultUpdate(from: dictionary, configuration: configuration)
    }
}

private final class Memo: Doc {
    override func update(from dictionary: [String: Any], configuration: MappingConfiguration) throws {
        var configuration = configuration
        configuration.extend(for: Memo.self) { $0.map(\.code, to: "memo_code") }
        try super.update(from: dictionary, configuration: configuration)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private struct Wide: Mappable, Equatable {
    var low = Int128.min
    var high = Int128.max
    var top = UInt128.max
}

private struct Link: Mappable {
    var url: URL?
}

private struct StrictLink: Mappable {
    var url: URL?
    static let mappingConfiguration = MappingConfiguration(for: StrictLink.self) { $0.coercion = .strict }
}

/// JSONDecoder's reading of the same text, for comparison.
private struct URLHolder: Decodable {
    var url: URL
}

private struct LenientLink: Mappable {
    var url: URL?
    static let mappingConfiguration = MappingConfiguration(for: LenientLink.self) { $0.coercion = .lenient }
}

private struct DefaultedCounter: Mappable {
    var count: Int? = 5
    var note: String?
    var tags: [String]? = ["a"]
}

private final class CounterObject: Mappable {
    var count: Int? = 5
    required init() {}
}

@Suite("Silent wrong data: the last defects (issue 23)")
struct SilentDefectTests {
    @Test("a computed property of a final class is not another property's storage, whichever way it transforms")
    func computedProperties() throws {
        #expect(mappingError { _ = try Badge(dictionary: ["loud": "HELLO"]) }?.description
            == "configuration of Badge: \\Badge.<computed String> (configured at MappingKitTests/SilentDefectTests.swift:13) is not a stored `var` property of Badge")
        #expect(mappingError { _ = try Banner(dictionary: ["display": "hello"]) }?.description
            == "configuration of Banner: \\Banner.<computed String> (configured at MappingKitTests/SilentDefectTests.swift:25) is not a stored `var` property of Banner")
    }

    @Test("the most derived class's rule wins over its superclass's, in either order")
    func mostDerivedRuleWins() throws {
        #expect(try Memo(dictionary: ["memo_code": "Q-7"]).code == "Q-7")
        #expect(try Memo(dictionary: ["doc_code": "D-1"]).code == "")
        #expect(try Doc(dictionary: ["doc_code": "D-1"]).code == "D-1")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("Int128 and UInt128 at their limits read back what jsonData and the dictionary wrote")
    func wideIntegers() throws {
        let wide = Wide()
        #expect(try Wide(json: try wide.jsonData()) == wide)
        #expect(try Wide(dictionary: try wide.dictionaryRepresentation()) == wide)
        #expect(String(decoding: try wide.jsonData(), as: UTF8.self) == """
            {"low":-170141183460469231731687303715884105728,"high":170141183460469231731687303715884105727,\
            "top":340282366920938463463374607431768211455}
            """)
        #expect(mappingError { _ = try Wide(json: #"{"top": 340282366920938463463374607431768211456}"#) }?.description == """
            top: expected UInt128 in 0...340282366920938463463374607431768211455, \
            found the number 340282366920938463463374607431768211456
            """)
    }

    @Test("a URL is what URL(string:) reads, written as text that reads back as the same URL; .strict takes only that text", arguments: [
        ("https://example.com/a b/c?q=x y", "https://example.com/a%20b/c?q=x%20y"),
        ("https://bücher.example/straße?ü=ö", "https://xn--bcher-kva.example/stra%C3%9Fe?%C3%BC=%C3%B6"),
        ("not a url with spaces", "not%20a%20url%20with%20spaces"),
        ("https://a.example/x?q=1#f", "https://a.example/x?q=1#f"),
    ])
    func urlText(text: String, written: String) throws {
        let link = try mapped(Link.self, ["url": text])
        #expect(link.url == URL(string: text))
        #expect(link.url?.absoluteString == written)
        #expect(try Link(json: link.jsonData()).url == link.url)
        #expect(try Link(dictionary: link.dictionaryRepresentation()).url == link.url)
        #expect(try JSONDecoder().decode(URLHolder.self, from: Data(#"{"url": "\#(text)"}"#.utf8)).url == link.url)
        #expect(try mapped(LenientLink.self, ["url": text]).url == link.url)
        if text == written {
            #expect(try mapped(StrictLink.self, ["url": text]).url == link.url)
        } else {
            #expect(mappingError { _ = try mapped(StrictLink.self, ["url": text]) }?.description
                == "url: expected URL, found String \(text.debugDescription)")
        }
    }

    @Test("nil over a non-nil default is written as null, so it reads back as nil, by every writer")
    func nilOverDefault() throws {
        var counter = DefaultedCounter()
        counter.count = nil
        counter.tags = nil
        #expect(try plainRepresentation(of: counter) == .object(["count": .null, "tags": .null]))
        #expect(String(decoding: try counter.jsonData(), as: UTF8.self) == #"{"count":null,"tags":null}"#)
        let back = try DefaultedCounter(dictionary: try counter.dictionaryRepresentation())
        #expect(back.count == nil && back.tags == nil && back.note == nil)
        let fromJSON = try DefaultedCounter(json: try counter.jsonData())
        #expect(fromJSON.count == nil && fromJSON.tags == nil)
        #expect(try plainRepresentation(of: DefaultedCounter()) == .object(["count": .int(5), "tags": .array([.string("a")])]))
        let object = CounterObject()
        object.count = nil
        #expect(try CounterObject(json: try object.jsonData()).count == nil)
    }
}
