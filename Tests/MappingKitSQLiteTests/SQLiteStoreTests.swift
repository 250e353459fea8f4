import Foundation
import MappingKit
import MappingKitSQLite
import TestSupport
import Testing

@Suite("SQLiteStore: tables from plans, upserts, relationships across imports, rollback")
struct SQLiteStoreTests {
    @Test("rows are updated by a re-import, not duplicated; relationships resolve across imports")
    func reimportAndRelationships() throws {
        try withDatabase { path in
            do {
                let store = try SQLiteStore(path: path)
                _ = try Firm.array(from: [["id": "acme", "name": "Acme"]], in: store)
                let joined = Date(timeIntervalSince1970: 1_700_000_000.5)
                _ = try Staff.array(from: [
                    ["id": 1, "name": "Ada", "joined": joined, "salary": "1234.56", "big": UInt64.max, "firm_id": "acme"],
                    ["id": 2, "name": "Grace"],
                ], in: store)
            }
            let store = try SQLiteStore(path: path)
            _ = try Staff.array(from: [["id": 2, "name": "Grace Hopper", "firm_id": "acme"]], in: store)
            #expect(try store.count(of: Staff.self) == 2)
            #expect(try store.count(of: Firm.self) == 1)
            let staff = try store.all(Staff.self)
            #expect(staff.map(\.name) == ["Ada", "Grace Hopper"])
            #expect(staff[0].firm === staff[1].firm)
            #expect(staff[0].firm?.name == "Acme")
            #expect(staff[0].joined == Date(timeIntervalSince1970: 1_700_000_000.5))
            #expect(staff[0].salary == Decimal(string: "1234.56"))
            #expect(staff[0].big == UInt64.max)
            let rows = try store.query(#"SELECT "id", "name", "firm_id" FROM "Staff" ORDER BY "id""#)
            #expect(rows as NSArray == [["id": 1, "name": "Ada", "firm_id": "acme"], ["id": 2, "name": "Grace Hopper", "firm_id": "acme"]] as NSArray)
        }
    }

    @Test("the guide's example: a payload inserted, the same rows updated, counted")
    func guideExample() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            _ = try Firm.array(from: [["id": "acme", "name": "Acme"]], in: store)
            let payload: [[String: Any]] = [["id": 1, "name": "Ada", "firm_id": "acme"], ["id": 2, "name": "Grace"]]
            let edited: [[String: Any]] = [["id": 1, "name": "Ada Lovelace", "firm_id": "acme"], ["id": 2, "name": "Grace Hopper"]]
            _ = try Staff.array(from: payload, in: store)
            _ = try Staff.array(from: edited, in: store)
            #expect("\(try store.count(of: Staff.self))" == DocPage.guide.shown(after: "try store.count(of: Person.self)"))
            #expect(try store.all(Staff.self).map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        }
    }

    /// Every kind of column a row read property by property writes.
    struct Reading: Mappable, Equatable {
        var id = 0
        var label = ""
        var on = false
        var level = 0.0
        var note: String?
        var count: Int?
        var tags: [String] = []
        var site = Site()
        var when = Date(timeIntervalSinceReferenceDate: 0)
        static let mappingConfiguration = MappingConfiguration(for: Reading.self) { $0.identity(\.id) }
    }

    struct Site: Mappable, Equatable {
        var code = ""
        static let mappingConfiguration = MappingConfiguration(for: Site.self) { $0.identity(\.code) }
    }

    @Test("rows written property by property (every save after a type's first) are the rows its dictionary gives")
    func rowsByColumn() throws {
        let store = try SQLiteStore(path: ":memory:")
        let payload: [[String: Any]] = [
            ["id": 1, "label": "a", "on": true, "level": -0.0, "note": "n", "count": 3, "tags": ["x", "y"], "site": ["code": "s1"],
             "when": Date(timeIntervalSinceReferenceDate: 1.25)],
            ["id": 2, "label": "", "on": false, "level": 2.5, "site": ["code": "s2"]],
        ]
        // The first save of the type reads its rows as dictionaries; the second, property by property.
        let first = try Reading.array(from: payload, in: store)
        let sql = #"SELECT "id", "label", "on", "level", "note", "count", "tags", "site", "when" FROM "Reading" ORDER BY "id""#
        let rowsFirst = try store.query(sql)
        _ = try store.query(#"DELETE FROM "Reading""#)
        let second = try Reading.array(from: payload, in: store)
        #expect(second == first)
        #expect(try store.query(sql) as NSArray == rowsFirst as NSArray)
        #expect(rowsFirst as NSArray == [
            ["id": 1, "label": "a", "on": 1, "level": Data("-0.0".utf8), "note": "n", "count": 3, "tags": #"["x","y"]"#, "site": "s1", "when": 1.25],
            ["id": 2, "label": "", "on": 0, "level": 2.5, "tags": "[]", "site": "s2", "when": 0],
        ] as NSArray)
        #expect(try store.all(Reading.self) == first)
    }

    @Test("a chain of references as long as the payload is imported and read back by all(), in any order")
    func longChainReadBack() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            // Each link refers to the next, later in the payload and after it in the table.
            let links: [Any] = (0..<500).map { ["id": $0, "next_id": $0 + 1] } + [["id": 500]]
            _ = try ChainLink.array(from: links, in: store)
            let all = try store.all(ChainLink.self)
            #expect(all.count == 501)
            #expect(all.indices.dropLast().allSatisfy { all[$0].next === all[$0 + 1] })
            #expect(all[500].next == nil)
        }
    }

    @Test("a failed import rolls back: the database is as it was")
    func rollback() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            _ = try Staff.array(from: [["id": 1, "name": "Ada"]], in: store)
            #expect {
                try Staff.array(from: [["id": 1, "name": "Changed"], ["id": 2, "name": "New"], ["id": 3, "firm_id": "nowhere"]], in: store)
            } throws: { error in
                "\(error)" == "[2].firm_id: expected the primary key of a Firm in the store or the import, found String \"nowhere\""
            }
            #expect(try store.count(of: Staff.self) == 1)
            #expect(try store.query(#"SELECT "name" FROM "Staff""#) as NSArray == [["name": "Ada"]] as NSArray)
            _ = try Staff.array(from: [["id": 2, "name": "Grace"]], in: store)
            #expect(try store.count(of: Staff.self) == 2)
        }
    }

    @Test("a failed first import rolls back the tables it made too, and the next import makes them again")
    func rollbackOfNewTables() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            #expect(throws: MappingError.self) {
                try Staff.array(from: [["id": 1, "name": "Ada"], ["id": 2, "firm_id": "nowhere"]], in: store)
            }
            #expect(try store.query(#"SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'"#) as NSArray == [] as NSArray)
            _ = try Staff.array(from: [["id": 1, "name": "Ada"]], in: store)
            #expect(try store.all(Staff.self).map(\.name) == ["Ada"])
        }
    }

    @Test("a table another connection fills between two imports is read, not taken for the empty table made earlier")
    func tablesFilledElsewhere() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            _ = try Firm.array(from: [["id": "acme", "name": "Acme"]], in: store)
            let other = try SQLiteStore(path: path)
            _ = try Firm.array(from: [["id": "initech", "name": "Initech"]], in: other)
            _ = try Staff.array(from: [["id": 1, "name": "Ada", "firm_id": "initech"]], in: store)
            #expect(try store.all(Staff.self).map { $0.firm?.name } == ["Initech"])
            _ = try Firm.array(from: [["id": "initech", "name": "Initech Inc."]], in: store)
            #expect(try store.all(Firm.self).map(\.name) == ["Acme", "Initech Inc."])
            #expect(try other.count(of: Firm.self) == 2)
        }
    }

    struct Quoted: Mappable, Equatable {
        var id = 0
        var remark = ""
        static let mappingConfiguration = MappingConfiguration(for: Quoted.self) { map in
            map.identity(\.id)
            // A quote, then a quote followed by a combining accent (one `Character`, two scalars).
            map.map(\.remark, to: "say \"hi\u{301}\"")
        }
    }

    @Test("names with quotes are quoted scalar by scalar, so a quote before a combining mark is doubled too")
    func quotedNames() throws {
        let store = try SQLiteStore(path: ":memory:")
        _ = try Quoted.array(from: [["id": 1, "say \"hi\u{301}\"": "hello"]], in: store)
        #expect(try store.all(Quoted.self) == [Quoted(id: 1, remark: "hello")])
        let sql = try store.query(#"SELECT "sql" FROM "sqlite_master" WHERE "name" = 'Quoted'"#)
        #expect(sql as NSArray == [["sql": "CREATE TABLE \"Quoted\" (\"id\" INTEGER, \"say \"\"hi\u{301}\"\"\" TEXT, PRIMARY KEY (\"id\"))"]] as NSArray)
    }

    @Test("the tables are made from the plans")
    func tables() throws {
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            _ = try store.count(of: Staff.self)
            let sql = try store.query(#"SELECT "sql" FROM "sqlite_master" WHERE "name" = 'Staff'"#)
            #expect(sql as NSArray == [["sql": #"CREATE TABLE "Staff" ("id" INTEGER, "name" TEXT, "joined" REAL, "salary" TEXT, "#
                + #""big" INTEGER, "firm_id" REFERENCES "Firm", PRIMARY KEY ("id"))"#]] as NSArray)
        }
    }

    @Test(
        "twitter.json: statuses and their users, users deduplicated by id; an edited re-import updates rows",
        .needs(.data)
    )
    func twitter() throws {
        let data = try Data(contentsOf: dataDirectory.appendingPathComponent("twitter.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let statuses = try #require(root["statuses"] as? [[String: Any]])
        var statusIDs: Set<Int> = []
        var userIDs: Set<Int> = []
        for status in statuses + statuses.compactMap({ $0["retweeted_status"] as? [String: Any] }) {
            statusIDs.insert(try #require(status["id"] as? Int))
            userIDs.insert(try #require((status["user"] as? [String: Any])?["id"] as? Int))
        }
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            let tweets = try Tweet.array(from: statuses, in: store)
            #expect(tweets.count == 100)
            #expect(try store.count(of: Tweet.self) == statusIDs.count)
            #expect(try store.count(of: TwitterUser.self) == userIDs.count)

            var edited = statuses
            edited[0]["text"] = "edited"
            var user = try #require(edited[0]["user"] as? [String: Any])
            user["screen_name"] = "renamed"
            edited[0]["user"] = user
            _ = try Tweet.array(from: edited, in: store)
            #expect(try store.count(of: Tweet.self) == statusIDs.count)
            #expect(try store.count(of: TwitterUser.self) == userIDs.count)

            let reopened = try SQLiteStore(path: path)
            let stored = try reopened.all(Tweet.self)
            let first = try #require(stored.first { $0.id == tweets[0].id })
            #expect(first.text == "edited")
            #expect(first.user.screen_name == "renamed")
            #expect(first.entities as NSDictionary == (statuses[0]["entities"] as? NSDictionary))
            let written = try first.user.dictionaryRepresentation()
            // Everything comes back from the database, the stashed keys and a null `url` too
            // (kept with the stashed keys: its column's SQL NULL alone would read as absent).
            #expect(written as NSDictionary == user as NSDictionary)
            let byUser = Dictionary(grouping: stored, by: { $0.user.id })
            for group in byUser.values { #expect(group.allSatisfy { $0.user === group[0].user }) }
            for tweet in stored {
                guard let retweeted = tweet.retweeted_status else { continue }
                #expect(stored.contains { $0 === retweeted })
            }
        }
    }

    @Test(
        "citm_catalog.json: performances refer to their events by id, across the whole catalog",
        .needs(.data)
    )
    func citm() throws {
        let data = try Data(contentsOf: dataDirectory.appendingPathComponent("citm_catalog.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        try withDatabase { path in
            let store = try SQLiteStore(path: path)
            let catalog = try Catalog(dictionary: root, in: store)
            #expect(catalog.events.count == 184)
            #expect(catalog.performances.count == 243)
            #expect(try store.count(of: Event.self) == 184)
            #expect(try store.count(of: Performance.self) == 243)
            for performance in catalog.performances {
                #expect(catalog.events["\(performance.event.id)"] == performance.event)
            }
            let stored = try store.all(Performance.self)
            #expect(stored.map(\.event) == catalog.performances.sorted { $0.id < $1.id }.map(\.event))
            #expect(stored.map(\.prices) == catalog.performances.sorted { $0.id < $1.id }.map(\.prices))
        }
    }
}

private final class ChainLink: Mappable {
    var id = 0
    var next: ChainLink?
    required init() {}
    static let mappingConfiguration = MappingConfiguration(for: ChainLink.self) { map in
        map.identity(\.id)
        map.relationship(\.next, key: "next_id", unresolved: .null)
    }
}
