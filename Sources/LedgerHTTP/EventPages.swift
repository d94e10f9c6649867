import Hummingbird
import LedgerPresentation
import LedgerServices
import LedgerViewModels

/// `/api/events`: what `orders events --format json` prints, written a page of events at a time,
/// so that the whole log of a large store goes out in bounded memory. The log is append-only:
/// every event up to the head seq found at the start reads the same in any later snapshot, so the
/// pages make one consistent answer.
enum EventPages {
    /// The most events read from one snapshot and held at once.
    static let pageSize = 10_000

    static func response(query: String, routes: APIRoutes, head: Bool) throws(APIError) -> Response {
        let parameters = try QueryParameters(query: query, path: "/api/events", names: ["from", "to", "order", "limit"])
        let from = try parameters.seq("from") ?? 1
        let to = try parameters.seq("to")
        if let to, to < from { throw APIError(.badRequest, "to \(to) is before from \(from)") }
        let order = parameters["order"]
        let limit = try parameters.count("limit") ?? 0
        let wanted = limit == 0 ? Int.max : limit
        let events = try routes.open().events
        let through: UInt64
        let first: [EventRow]?
        do {
            through = min(to ?? .max, try events.headSeq())
            first = try events.events(
                from: from, through: through, order: order, limit: order == nil ? min(wanted, pageSize) : wanted)
        } catch {
            throw APIError(.serviceUnavailable, "\(error)")
        }
        guard let first else { throw APIError(.notFound, OrderNotFound(orderID: order ?? "").description) }
        let headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
        guard order == nil, first.count == pageSize, wanted > pageSize, let last = first.last, last.seq < through else {
            let body = JSONObject.array(first.map { EventJSON.object($0).text }) + "\n"
            return LedgerResponder.response(.ok, contentType: "application/json", body: body, head: head)
        }
        guard !head else { return LedgerResponder.headOfStream(headers) }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "[\n  " + page(first)))
                var written = first.count
                var next = last.seq + 1
                while written < wanted, next <= through {
                    let rows =
                        try events.events(from: next, through: through, order: nil, limit: min(wanted - written, pageSize)) ?? []
                    guard let last = rows.last else { break }
                    try await writer.write(ByteBuffer(string: ",\n  " + page(rows)))
                    written += rows.count
                    next = last.seq + 1
                }
                try await writer.write(ByteBuffer(string: "\n]\n"))
                try await writer.finish(nil)
            })
    }

    /// The objects of `rows`, one a line, without the array's frame.
    private static func page(_ rows: [EventRow]) -> String {
        rows.map { EventJSON.object($0).text }.joined(separator: ",\n  ")
    }
}
