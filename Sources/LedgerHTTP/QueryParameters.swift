import LedgerDomain
import LedgerServices

/// A request's query parameters, each checked as the command line checks the option of the same
/// name (`limit` as `--limit`): a parameter the route does not take, one given twice, or a value
/// the option would refuse is 400 with the option's words.
struct QueryParameters {
    private let values: [String: String]
    let path: String

    /// Reads `query` (the part after `?`, percent-encoded) for the route at `path`, which takes
    /// the parameters `names`.
    init(query: String, path: String, names: [String]) throws(APIError) {
        self.path = path
        var values: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            guard names.contains(name) else { throw .unknownParameter(name, of: path, takes: names) }
            guard values[name] == nil else { throw APIError(.badRequest, "\(name) is given twice; give it once") }
            values[name] = value
        }
        self.values = values
    }

    /// `+` as a space and `%XX` escapes decoded.
    private static func decode(_ text: Substring) -> String { PercentDecoding.decode(text, plusIsSpace: true) }

    subscript(name: String) -> String? { values[name] }

    /// A count that must be 0 or more (`limit`, `top`).
    func count(_ name: String) throws(APIError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value >= 0 else { throw APIError(.badRequest, "\(name) must be 0 (all) or more") }
        return value
    }

    /// A seq (`from`, `to` of the events).
    func seq(_ name: String) throws(APIError) -> UInt64? {
        guard let text = values[name] else { return nil }
        guard let value = UInt64(text), value >= 1 else {
            throw APIError(.badRequest, "\(name) must be a seq, 1 or more (seqs start at 1)")
        }
        return value
    }

    /// An id (`customer`, `order`); no other can be in the store.
    func identifier(_ name: String, kind: String) throws(APIError) -> String? {
        guard let text = values[name] else { return nil }
        guard Self.isIdentifier(text) else {
            throw APIError(.badRequest, "\(name) '\(text)' is not a \(kind) id: 1–64 characters from A–Z a–z 0–9 . _ : -")
        }
        return text
    }

    /// A date `YYYY-MM-DD` (`from`, `to` of the revenue).
    func date(_ name: String) throws(APIError) -> CalendarDate? {
        guard let text = values[name] else { return nil }
        guard let date = CalendarDate(text) else { throw APIError(.badRequest, "\(name) \(text) is not a date YYYY-MM-DD") }
        return date
    }

    /// `status`: one of the six statuses.
    func status() throws(APIError) -> OrderStatus? {
        guard let text = values["status"] else { return nil }
        guard let status = OrderStatus.allCases.first(where: { $0.description == text }) else {
            let names = OrderStatus.allCases.map(\.description).joined(separator: ", ")
            throw APIError(.badRequest, "status '\(text)' is not a status; use one of: \(names)")
        }
        return status
    }

    /// `as_of`: a seq or an RFC 3339 time, as `--as-of`.
    func asOf() throws(APIError) -> AsOf? { try moment("as_of") }

    /// A seq or an RFC 3339 time (`as_of`, and `from`, `to` of the diff).
    func moment(_ name: String) throws(APIError) -> AsOf? {
        guard let text = values[name] else { return nil }
        guard let moment = AsOf(text) else {
            throw APIError(.badRequest, "\(name) \(text) is neither a seq nor an RFC 3339 time (e.g. 2026-03-01T10:15:00Z)")
        }
        return moment
    }

    /// Whether `text` is an id as SPEC §2 has it.
    static func isIdentifier(_ text: String) -> Bool {
        var text = text
        // Safe: the bytes are read only inside the closure that lends them.
        return text.withUTF8 { Identifier.isValid(UnsafeRawBufferPointer($0)) }
    }
}
