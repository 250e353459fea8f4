import Foundation
import TestSupport
import MappingKit
import Testing

/// `../shared/data/JSONTestSuite` beside the package checkout (see its SOURCE.md).
private let suite = SharedFolder.jsonTestSuite.url
private let parsing = suite.appendingPathComponent("test_parsing")

private func files(_ prefix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: parsing.path)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
}

/// A file's bytes. `Data(contentsOf:)` leaks its 4 KB buffer for an empty file on Linux
/// (Foundation's `readBytesFromFile`; AddressSanitizer reports it), so an empty file is read as
/// empty without it.
private func contents(of file: URL) throws -> Data {
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
    return size == 0 ? Data() : try Data(contentsOf: file)
}

/// How parsing a file ends: "accepted", or the error.
private func outcome(_ name: String, in folder: URL = parsing) -> String {
    do {
        _ = try JSONValue.parse(try contents(of: folder.appendingPathComponent(name)))
        return "accepted"
    } catch let error as MappingError {
        return "rejected: \(error)"
    } catch {
        return "failed to load: \(error)"
    }
}

@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    @Test("all 95 y_ files are accepted", .needs(.jsonTestSuite))
    func accepted() {
        let names = files("y_")
        #expect(names.count == 95)
        #expect(names.filter { outcome($0) != "accepted" }.map { "\($0): \(outcome($0))" } == [])
    }

    @Test("all 188 n_ files are rejected with a MappingError", .needs(.jsonTestSuite))
    func rejected() {
        let names = files("n_")
        #expect(names.count == 188)
        #expect(names.filter { !outcome($0).hasPrefix("rejected: ") } == [])
    }

    /// The implementation-defined cases, and what MappingKit does with each (README, "JSON").
    static let implementationDefined: [String: String] = [
        "i_number_double_huge_neg_exp.json": "accepted",
        "i_number_huge_exp.json": "rejected",
        "i_number_neg_int_huge_exp.json": "rejected",
        "i_number_pos_double_huge_exp.json": "rejected",
        "i_number_real_neg_overflow.json": "rejected",
        "i_number_real_pos_overflow.json": "rejected",
        "i_number_real_underflow.json": "accepted",
        "i_number_too_big_neg_int.json": "accepted",
        "i_number_too_big_pos_int.json": "accepted",
        // Kept exactly, as an ExactNumber (issue 46): no native number holds it.
        "i_number_very_big_negative_int.json": "accepted",
        "i_object_key_lone_2nd_surrogate.json": "rejected",
        "i_string_1st_surrogate_but_2nd_missing.json": "rejected",
        "i_string_1st_valid_surrogate_2nd_invalid.json": "rejected",
        "i_string_UTF-16LE_with_BOM.json": "rejected",
        "i_string_UTF-8_invalid_sequence.json": "rejected",
        "i_string_UTF8_surrogate_U+D800.json": "rejected",
        "i_string_incomplete_surrogate_and_escape_valid.json": "rejected",
        "i_string_incomplete_surrogate_pair.json": "rejected",
        "i_string_incomplete_surrogates_escape_valid.json": "rejected",
        "i_string_invalid_lonely_surrogate.json": "rejected",
        "i_string_invalid_surrogate.json": "rejected",
        "i_string_invalid_utf-8.json": "rejected",
        "i_string_inverted_surrogates_U+1D11E.json": "rejected",
        "i_string_iso_latin_1.json": "rejected",
        "i_string_lone_second_surrogate.json": "rejected",
        "i_string_lone_utf8_continuation_byte.json": "rejected",
        "i_string_not_in_unicode_range.json": "rejected",
        "i_string_overlong_sequence_2_bytes.json": "rejected",
        "i_string_overlong_sequence_6_bytes.json": "rejected",
        "i_string_overlong_sequence_6_bytes_null.json": "rejected",
        "i_string_truncated-utf-8.json": "rejected",
        "i_string_utf16BE_no_BOM.json": "rejected",
        "i_string_utf16LE_no_BOM.json": "rejected",
        "i_structure_500_nested_arrays.json": "accepted",
        "i_structure_UTF-8_BOM_empty_object.json": "rejected",
    ]

    @Test("every i_ file is handled without a crash, as documented", .needs(.jsonTestSuite))
    func implementationDefined() {
        let names = files("i_")
        #expect(names.count == 35)
        let found = Dictionary(uniqueKeysWithValues: names.map { ($0, outcome($0).hasPrefix("rejected") ? "rejected" : "accepted") })
        #expect(found == Self.implementationDefined)
    }

    /// The inputs whose parsed form is ambiguous, and what MappingKit makes of each, written back.
    @Test("test_transform: each ambiguous input has its documented result", .needs(.jsonTestSuite), arguments: [
        ("number_-9223372036854775808.json", "[-9223372036854775808]"),
        ("number_-9223372036854775809.json", "[-9223372036854775809]"),
        ("number_1.0.json", "[1.0]"),
        ("number_1.000000000000000005.json", "[1.0]"),
        ("number_1000000000000000.json", "[1000000000000000]"),
        ("number_10000000000000000999.json", "[10000000000000000999]"),
        ("number_1e-999.json", "[0.0]"),
        ("number_1e6.json", "[1000000.0]"),
        ("number_9223372036854775807.json", "[9223372036854775807]"),
        ("number_9223372036854775808.json", "[9223372036854775808]"),
        // Swift strings compare by canonical equivalence: NFC and NFD spellings are one key.
        ("object_key_nfc_nfd.json", "{\"e\u{0301}\":\"NFD\"}"),
        ("object_key_nfd_nfc.json", #"{"é":"NFC"}"#),
        ("object_same_key_different_values.json", #"{"a":2}"#),
        ("object_same_key_same_value.json", #"{"a":1}"#),
        // `{"a":0, "a":-0}`: the last value, `-0`, keeps its sign (issue 46).
        ("object_same_key_unclear_values.json", #"{"a":-0.0}"#),
        ("string_1_escaped_invalid_codepoint.json", "rejected"),
        ("string_1_invalid_codepoint.json", "rejected"),
        ("string_2_escaped_invalid_codepoints.json", "rejected"),
        ("string_2_invalid_codepoints.json", "rejected"),
        ("string_3_escaped_invalid_codepoints.json", "rejected"),
        ("string_3_invalid_codepoints.json", "rejected"),
        ("string_with_escaped_NULL.json", #"["A\u0000B"]"#),
    ])
    func transform(name: String, expected: String) throws {
        let data = try contents(of: suite.appendingPathComponent("test_transform").appendingPathComponent(name))
        let result: String
        do {
            result = String(decoding: try JSONValue.data(try JSONValue.parse(data)), as: UTF8.self)
        } catch is MappingError {
            result = "rejected"
        }
        #expect(result == expected)
    }
}
