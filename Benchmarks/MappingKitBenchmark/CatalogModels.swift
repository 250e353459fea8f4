import MappingKit

// Models for citm_catalog.json: the performances and events of a ticketing catalogue.

struct Catalog: Mappable, Codable, Equatable {
    var areaNames: [String: String] = [:]
    var events: [String: Event] = [:]
    var performances: [Performance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

struct Event: Mappable, Codable, Equatable {
    var description: String?
    var id = 0
    var logo: String?
    var name = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

struct Performance: Mappable, Codable, Equatable {
    var eventId = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [Price] = []
    var seatCategories: [SeatCategory] = []
    var seatMapImage: String?
    var start = 0
    var venueCode = ""
}

struct Price: Mappable, Codable, Equatable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

struct SeatCategory: Mappable, Codable, Equatable {
    var areas: [Area] = []
    var seatCategoryId = 0
}

struct Area: Mappable, Codable, Equatable {
    var areaId = 0
    var blockIds: [Int] = []
}

// MARK: - Hand-written baseline

extension Catalog {
    init(handWritten d: [String: Any]) {
        areaNames = d["areaNames"] as? [String: String] ?? [:]
        events = (d["events"] as? [String: [String: Any]] ?? [:]).mapValues(Event.init(handWritten:))
        performances = (d["performances"] as? [[String: Any]] ?? []).map(Performance.init(handWritten:))
        seatCategoryNames = d["seatCategoryNames"] as? [String: String] ?? [:]
        subTopicNames = d["subTopicNames"] as? [String: String] ?? [:]
        topicNames = d["topicNames"] as? [String: String] ?? [:]
        topicSubTopics = d["topicSubTopics"] as? [String: [Int]] ?? [:]
        venueNames = d["venueNames"] as? [String: String] ?? [:]
    }

    func handWrittenDictionary() -> [String: Any] {
        [
            "areaNames": areaNames, "events": events.mapValues { $0.handWrittenDictionary() },
            "performances": performances.map { $0.handWrittenDictionary() },
            "seatCategoryNames": seatCategoryNames, "subTopicNames": subTopicNames, "topicNames": topicNames,
            "topicSubTopics": topicSubTopics, "venueNames": venueNames,
        ]
    }
}

extension Event {
    init(handWritten d: [String: Any]) {
        description = d["description"] as? String
        id = d["id"] as? Int ?? 0
        logo = d["logo"] as? String
        name = d["name"] as? String ?? ""
        subTopicIds = d["subTopicIds"] as? [Int] ?? []
        subjectCode = d["subjectCode"] as? String
        subtitle = d["subtitle"] as? String
        topicIds = d["topicIds"] as? [Int] ?? []
    }

    func handWrittenDictionary() -> [String: Any] {
        var d: [String: Any] = ["id": id, "name": name, "subTopicIds": subTopicIds, "topicIds": topicIds]
        if let description { d["description"] = description }
        if let logo { d["logo"] = logo }
        if let subjectCode { d["subjectCode"] = subjectCode }
        if let subtitle { d["subtitle"] = subtitle }
        return d
    }
}

extension Performance {
    init(handWritten d: [String: Any]) {
        eventId = d["eventId"] as? Int ?? 0
        id = d["id"] as? Int ?? 0
        logo = d["logo"] as? String
        name = d["name"] as? String
        prices = (d["prices"] as? [[String: Any]] ?? []).map(Price.init(handWritten:))
        seatCategories = (d["seatCategories"] as? [[String: Any]] ?? []).map(SeatCategory.init(handWritten:))
        seatMapImage = d["seatMapImage"] as? String
        start = d["start"] as? Int ?? 0
        venueCode = d["venueCode"] as? String ?? ""
    }

    func handWrittenDictionary() -> [String: Any] {
        var d: [String: Any] = [
            "eventId": eventId, "id": id, "prices": prices.map { $0.handWrittenDictionary() },
            "seatCategories": seatCategories.map { $0.handWrittenDictionary() }, "start": start, "venueCode": venueCode,
        ]
        if let logo { d["logo"] = logo }
        if let name { d["name"] = name }
        if let seatMapImage { d["seatMapImage"] = seatMapImage }
        return d
    }
}

extension Price {
    init(handWritten d: [String: Any]) {
        amount = d["amount"] as? Int ?? 0
        audienceSubCategoryId = d["audienceSubCategoryId"] as? Int ?? 0
        seatCategoryId = d["seatCategoryId"] as? Int ?? 0
    }

    func handWrittenDictionary() -> [String: Any] {
        ["amount": amount, "audienceSubCategoryId": audienceSubCategoryId, "seatCategoryId": seatCategoryId]
    }
}

extension SeatCategory {
    init(handWritten d: [String: Any]) {
        areas = (d["areas"] as? [[String: Any]] ?? []).map(Area.init(handWritten:))
        seatCategoryId = d["seatCategoryId"] as? Int ?? 0
    }

    func handWrittenDictionary() -> [String: Any] {
        ["areas": areas.map { $0.handWrittenDictionary() }, "seatCategoryId": seatCategoryId]
    }
}

extension Area {
    init(handWritten d: [String: Any]) {
        areaId = d["areaId"] as? Int ?? 0
        blockIds = d["blockIds"] as? [Int] ?? []
    }

    func handWrittenDictionary() -> [String: Any] { ["areaId": areaId, "blockIds": blockIds] }
}
