/// A `DecodingError`'s case and coding path, as the Codable twin tests compare them:
/// `typeMismatch@list.0`, `keyNotFound(id)@`; any other error as it describes itself.
func decodingShape(_ error: any Error) -> String {
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?: return "typeMismatch@\(path(context))"
    case .valueNotFound(_, let context)?: return "valueNotFound@\(path(context))"
    case .keyNotFound(let key, let context)?: return "keyNotFound(\(key.stringValue))@\(path(context))"
    case .dataCorrupted(let context)?: return "dataCorrupted@\(path(context))"
    default: return "\(error)"
    }
}
