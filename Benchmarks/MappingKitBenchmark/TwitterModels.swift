import MappingKit

// Models for twitter.json. Property names match the JSON keys, so MappingKit and JSONDecoder
// both map them with no configuration; the hand-written versions below are the baseline.

struct Status: Mappable, Codable, Equatable {
    var created_at = ""
    var id = 0
    var id_str = ""
    var text = ""
    var source = ""
    var truncated = false
    var in_reply_to_status_id: Int?
    var in_reply_to_user_id: Int?
    var in_reply_to_screen_name: String?
    var user = TwitterUser()
    var entities = Entities()
    var retweet_count = 0
    var favorite_count = 0
    var favorited = false
    var retweeted = false
    var lang = ""
}

struct TwitterUser: Mappable, Codable, Equatable {
    var id = 0
    var id_str = ""
    var name = ""
    var screen_name = ""
    var location = ""
    var description = ""
    var url: String?
    var protected = false
    var followers_count = 0
    var friends_count = 0
    var listed_count = 0
    var created_at = ""
    var favourites_count = 0
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled = false
    var verified = false
    var statuses_count = 0
    var lang = ""
    var profile_image_url = ""
    var profile_background_color = ""
    var default_profile = false
}

struct Entities: Mappable, Codable, Equatable {
    var hashtags: [Hashtag] = []
    var urls: [LinkEntity] = []
    var user_mentions: [Mention] = []
}

struct Hashtag: Mappable, Codable, Equatable {
    var text = ""
    var indices: [Int] = []
}

struct LinkEntity: Mappable, Codable, Equatable {
    var url = ""
    var expanded_url = ""
    var display_url = ""
    var indices: [Int] = []
}

struct Mention: Mappable, Codable, Equatable {
    var screen_name = ""
    var name = ""
    var id = 0
    var id_str = ""
    var indices: [Int] = []
}

// MARK: - Hand-written baseline: `as?` casts in, literal dictionaries out.

extension Status {
    init(handWritten d: [String: Any]) {
        created_at = d["created_at"] as? String ?? ""
        id = d["id"] as? Int ?? 0
        id_str = d["id_str"] as? String ?? ""
        text = d["text"] as? String ?? ""
        source = d["source"] as? String ?? ""
        truncated = d["truncated"] as? Bool ?? false
        in_reply_to_status_id = d["in_reply_to_status_id"] as? Int
        in_reply_to_user_id = d["in_reply_to_user_id"] as? Int
        in_reply_to_screen_name = d["in_reply_to_screen_name"] as? String
        user = TwitterUser(handWritten: d["user"] as? [String: Any] ?? [:])
        entities = Entities(handWritten: d["entities"] as? [String: Any] ?? [:])
        retweet_count = d["retweet_count"] as? Int ?? 0
        favorite_count = d["favorite_count"] as? Int ?? 0
        favorited = d["favorited"] as? Bool ?? false
        retweeted = d["retweeted"] as? Bool ?? false
        lang = d["lang"] as? String ?? ""
    }

    func handWrittenDictionary() -> [String: Any] {
        var d: [String: Any] = [
            "created_at": created_at, "id": id, "id_str": id_str, "text": text, "source": source,
            "truncated": truncated, "user": user.handWrittenDictionary(), "entities": entities.handWrittenDictionary(),
            "retweet_count": retweet_count, "favorite_count": favorite_count, "favorited": favorited,
            "retweeted": retweeted, "lang": lang,
        ]
        if let in_reply_to_status_id { d["in_reply_to_status_id"] = in_reply_to_status_id }
        if let in_reply_to_user_id { d["in_reply_to_user_id"] = in_reply_to_user_id }
        if let in_reply_to_screen_name { d["in_reply_to_screen_name"] = in_reply_to_screen_name }
        return d
    }
}

extension TwitterUser {
    init(handWritten d: [String: Any]) {
        id = d["id"] as? Int ?? 0
        id_str = d["id_str"] as? String ?? ""
        name = d["name"] as? String ?? ""
        screen_name = d["screen_name"] as? String ?? ""
        location = d["location"] as? String ?? ""
        description = d["description"] as? String ?? ""
        url = d["url"] as? String
        protected = d["protected"] as? Bool ?? false
        followers_count = d["followers_count"] as? Int ?? 0
        friends_count = d["friends_count"] as? Int ?? 0
        listed_count = d["listed_count"] as? Int ?? 0
        created_at = d["created_at"] as? String ?? ""
        favourites_count = d["favourites_count"] as? Int ?? 0
        utc_offset = d["utc_offset"] as? Int
        time_zone = d["time_zone"] as? String
        geo_enabled = d["geo_enabled"] as? Bool ?? false
        verified = d["verified"] as? Bool ?? false
        statuses_count = d["statuses_count"] as? Int ?? 0
        lang = d["lang"] as? String ?? ""
        profile_image_url = d["profile_image_url"] as? String ?? ""
        profile_background_color = d["profile_background_color"] as? String ?? ""
        default_profile = d["default_profile"] as? Bool ?? false
    }

    func handWrittenDictionary() -> [String: Any] {
        var d: [String: Any] = [
            "id": id, "id_str": id_str, "name": name, "screen_name": screen_name, "location": location,
            "description": description, "protected": protected, "followers_count": followers_count,
            "friends_count": friends_count, "listed_count": listed_count, "created_at": created_at,
            "favourites_count": favourites_count, "geo_enabled": geo_enabled, "verified": verified,
            "statuses_count": statuses_count, "lang": lang, "profile_image_url": profile_image_url,
            "profile_background_color": profile_background_color, "default_profile": default_profile,
        ]
        if let url { d["url"] = url }
        if let utc_offset { d["utc_offset"] = utc_offset }
        if let time_zone { d["time_zone"] = time_zone }
        return d
    }
}

extension Entities {
    init(handWritten d: [String: Any]) {
        hashtags = (d["hashtags"] as? [[String: Any]] ?? []).map(Hashtag.init(handWritten:))
        urls = (d["urls"] as? [[String: Any]] ?? []).map(LinkEntity.init(handWritten:))
        user_mentions = (d["user_mentions"] as? [[String: Any]] ?? []).map(Mention.init(handWritten:))
    }

    func handWrittenDictionary() -> [String: Any] {
        [
            "hashtags": hashtags.map { $0.handWrittenDictionary() },
            "urls": urls.map { $0.handWrittenDictionary() },
            "user_mentions": user_mentions.map { $0.handWrittenDictionary() },
        ]
    }
}

extension Hashtag {
    init(handWritten d: [String: Any]) {
        text = d["text"] as? String ?? ""
        indices = d["indices"] as? [Int] ?? []
    }

    func handWrittenDictionary() -> [String: Any] { ["text": text, "indices": indices] }
}

extension LinkEntity {
    init(handWritten d: [String: Any]) {
        url = d["url"] as? String ?? ""
        expanded_url = d["expanded_url"] as? String ?? ""
        display_url = d["display_url"] as? String ?? ""
        indices = d["indices"] as? [Int] ?? []
    }

    func handWrittenDictionary() -> [String: Any] {
        ["url": url, "expanded_url": expanded_url, "display_url": display_url, "indices": indices]
    }
}

extension Mention {
    init(handWritten d: [String: Any]) {
        screen_name = d["screen_name"] as? String ?? ""
        name = d["name"] as? String ?? ""
        id = d["id"] as? Int ?? 0
        id_str = d["id_str"] as? String ?? ""
        indices = d["indices"] as? [Int] ?? []
    }

    func handWrittenDictionary() -> [String: Any] {
        ["screen_name": screen_name, "name": name, "id": id, "id_str": id_str, "indices": indices]
    }
}

struct TwitterFeed: Mappable, Codable, Equatable {
    var statuses: [Status] = []
}

/// The same feed, Codable through its mapping: `JSONDecoder` and `JSONEncoder` go through
/// MappingKit's Codable bridge for every status, user and entity.
struct BridgedFeed: MappableCodable, Equatable {
    var statuses: [Status] = []
}
