@testable import MappingKitGenerator
import Testing

@Suite("Naming: Swift names from JSON keys")
struct NamingTests {
    @Test("property names, best first: acronyms in capitals, then plain camelCase", arguments: [
        ("user_name", ["userName"]),
        ("id_str", ["idStr"]),
        ("profile_image_url_https", ["profileImageURLHttps", "profileImageUrlHttps"]),
        ("in_reply_to_user_id", ["inReplyToUserID", "inReplyToUserId"]),
        ("areaNames", ["areaNames"]),
        ("PLEYEL_PLEYEL", ["pleyelPleyel"]),
        ("URLString", ["urlString"]),
        ("eye color", ["eyeColor"]),
        ("2x", ["_2x"]),
        ("", ["value"]),
        ("日本", ["value"]),
    ])
    func propertyNames(key: String, expected: [String]) {
        #expect(Naming.propertyCandidates(for: key) == expected)
    }

    @Test("type names: PascalCase, array keys singular", arguments: [
        ("user", false, "User"),
        ("search_metadata", false, "SearchMetadata"),
        ("statuses", true, "Status"),
        ("user_mentions", true, "UserMention"),
        ("categories", true, "Category"),
        ("urls", true, "URL"),
        ("boxes", true, "Box"),
        ("houses", true, "House"),
        ("media", true, "Media"),
        ("people", true, "Person"),
        ("address", true, "Address"),
        ("3d", false, "_3d"),
    ])
    func typeNames(key: String, isElement: Bool, expected: String) {
        #expect(Naming.typeName(for: key, isElement: isElement) == expected)
    }

    @Test("keywords are declared in backticks")
    func keywords() {
        #expect(Naming.declared("default") == "`default`")
        #expect(Naming.declared("type") == "type")
    }

    @Test("keys that are data make maps", arguments: [
        ("138586341", true), ("-12", true), ("2014-01-01", true), ("2014-01-01T10:00:00Z", true),
        ("550e8400-e29b-41d4-a716-446655440000", true), ("d41d8cd98f00b204e9800998ecf8427e", true),
        ("name", false), ("--5", false), ("-", false), ("abc123", false), ("PLEYEL_PLEYEL", false),
    ])
    func dataKeys(key: String, isData: Bool) {
        #expect(Inference.looksLikeData(key) == isData)
    }
}
