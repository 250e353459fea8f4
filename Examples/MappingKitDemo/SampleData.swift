/// The EFDataMappingKit README's user, as a service would send it.
let userJSON = """
    {
        "user_id": 42,
        "username": "john.doe",
        "messages": [
            {"message_id": 1, "published_at": "2014-02-13", "read": true,
             "text": "FYI, tomorrow night I am hanging out with the guys!"},
            {"message_id": 2, "published_at": "2014-02-14", "read": false,
             "text": "Just kidding, romantic dinner by candle light awaits you!"},
            {"message_id": 3, "published_at": "2014-02-15", "read": false, "text": "Darling?!"}
        ],
        "website": "http://www.example.com"
    }
    """

/// The same user after a bad deploy on the service's side.
let brokenUserJSON = """
    {
        "user_id": -42,
        "username": "john.doe",
        "messages": [
            {"message_id": 1, "published_at": "2014-02-13", "read": true, "text": "FYI"},
            {"message_id": 2.5, "published_at": "2014-02-14", "read": "yes", "text": "Just kidding"}
        ]
    }
    """
