import Foundation
import MappingKit
import Testing

/// EFDataMappingKit's NSCoding support: two lines through the mapping. (Archived classes are
/// top-level and not private: swift-corelibs-foundation names them by their module path.)
final class ArchivedNote: NSObject, Mappable, NSSecureCoding {
    var title = ""
    var created = Date(timeIntervalSince1970: 0)
    var pinned = false
    var counts: [Int] = []
    var price = Decimal(0)
    var unmapped = UnmappedValues()

    static let supportsSecureCoding = true
    static let mappingConfiguration = MappingConfiguration(for: ArchivedNote.self) { map in
        map.map(\.created, to: "created_at", using: .iso8601)
        map.undefinedKeys = .stash
    }

    required override init() {}
    required init?(coder: NSCoder) { super.init(); if !decodeMapping(from: coder) { return nil } }
    func encode(with coder: NSCoder) { encodeMapping(with: coder) }
}

/// An adapter that refuses to write: the archive records the failure.
final class UnwritableRecord: NSObject, Mappable, NSSecureCoding {
    var code = 0
    static let supportsSecureCoding = true
    static let mappingConfiguration = MappingConfiguration(for: UnwritableRecord.self) { map in
        map.map(\.code, using: Adapter<Int>(decode: { $0 as? Int ?? 0 }, encode: { _ in throw ArchiveFailure() }))
    }

    required override init() {}
    required init?(coder: NSCoder) { super.init(); if !decodeMapping(from: coder) { return nil } }
    func encode(with coder: NSCoder) { encodeMapping(with: coder) }
}

private struct ArchiveFailure: Error, CustomStringConvertible {
    var description: String { "no way to write it" }
}

@Suite("Archiving through the mapping")
struct ArchivingTests {
    @Test("NSKeyedArchiver round-trips every kind of value, stashed ones included")
    func roundTrip() throws {
        let input: [String: Any] = [
            "title": "Groceries", "created_at": "2026-11-24T09:30:00.25Z", "pinned": true, "counts": [0, 1, 2],
            "price": Decimal(string: "19.99") ?? 0,
            "extra": ["flags": [true, false, 1, 0, 1.0], "nothing": NSNull(), "when": Date(timeIntervalSince1970: 5.5),
                      "bytes": Data([1, 2]), "big": UInt64.max],
        ]
        let note = try ArchivedNote(dictionary: input)
        let data = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
        let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: ArchivedNote.self, from: data))
        #expect(copy.title == "Groceries" && copy.pinned && copy.counts == [0, 1, 2] && copy.price == note.price)
        #expect(copy.created == note.created)
        #expect(Plain(try copy.dictionaryRepresentation()) == Plain(input))
        #expect(copy.unmapped == note.unmapped)
    }

    @Test("a model that cannot be written archives its failure, and unarchiving reports it")
    func failure() throws {
        let broken = UnwritableRecord()
        broken.code = 3
        let data = try NSKeyedArchiver.archivedData(withRootObject: broken, requiringSecureCoding: true)
        let (unarchived, log) = capturingStandardError {
            Result { try NSKeyedUnarchiver.unarchivedObject(ofClass: UnwritableRecord.self, from: data) }
        }
        #expect(throws: (any Error).self) { try unarchived.get() }
        // swift-corelibs-foundation logs the object it could not decode, after the time and the
        // process; the test keeps that line out of the run's output. Anything else is written back.
        let foundationLine = "*** NSKeyedUnarchiver.init: Class UnwritableRecord failed to decode. The data may be corrupt."
        let others = log.split(separator: "\n").filter { !$0.hasSuffix(foundationLine) }
        if !others.isEmpty { FileHandle.standardError.write(Data(others.joined(separator: "\n").appending("\n").utf8)) }
        #if os(Linux)
        #expect(log.split(separator: "\n").contains { $0.hasSuffix(foundationLine) })
        #endif
        // The object's own keys, written at the top level of an archive of their own.
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        broken.encodeMapping(with: archiver)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        let decoded = UnwritableRecord()
        #expect(mappingError { try decoded.update(fromArchive: unarchiver) }?.description
            == "expected an archived model, found the failure to archive it: code: no way to write it")
    }

    @Test("an archive of something else is an error, and leaves the model as it was")
    func foreignArchive() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode("hello" as NSString, forKey: "greeting")
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        let note = ArchivedNote()
        note.title = "kept"
        #expect(!note.decodeMapping(from: unarchiver))
        #expect(note.title == "kept")
        #expect(mappingError { try note.update(fromArchive: unarchiver) }?.description
            == "expected an archived model (MappingKit.representation), found nothing")
        let raising = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        #expect(!note.decodeMapping(from: raising), "under .raiseException the coder is not told, so nothing traps")
    }
}
