/// Text as an error message shows it: long text shortened, never in data. Here, below the
/// codecs, because the JSON reader names the numbers it refuses with it, and every codec's
/// message (`Codecs/ValueDescription.swift`) shortens the same way.
enum ShortText {
    /// Strings longer than this are shortened with `…` in messages.
    static let maximumLength = 60

    /// A number's text as a message shows it: past ``maximumLength`` characters, its
    /// first ones and its length (`100000…, 5001 characters`).
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > maximumLength else { return text }
        return String(decoding: text.utf8.prefix(maximumLength), as: UTF8.self) + "…, \(text.utf8.count) characters"
    }
}
