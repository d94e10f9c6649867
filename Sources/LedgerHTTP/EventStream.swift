import Hummingbird
import LedgerPresentation
import LedgerServices
import ServiceLifecycle

/// `/api/events/stream?from=SEQ`: the log from `from` on, then each event as it commits, as
/// server-sent events (one JSON object, as `/api/events` writes it, per `data:` line), the head
/// seq looked at as often as `events --follow` does. It ends when the client goes away (a write
/// fails) or the server shuts down.
enum EventStream {
    /// How long the stream waits between looks at the head seq.
    static let pollInterval = Duration.milliseconds(100)
    /// After this many looks that found nothing, a comment line is sent: a client that went away
    /// is found by the write that fails.
    static let quietPolls = 20
    /// The most events read from one snapshot and written at once.
    static let pageSize = 1000

    static func response(query: String, routes: APIRoutes, head: Bool) throws(APIError) -> Response {
        let parameters = try QueryParameters(query: query, path: "/api/events/stream", names: ["from"])
        let from = try parameters.seq("from") ?? 1
        let events = try routes.open().events
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        guard !head else { return LedgerResponder.headOfStream(headers) }
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                do {
                    try await follow(events, from: from, writer: &writer)
                } catch {
                    // A client that went away, or the server stopping: nothing is left to answer.
                    return
                }
                try? await writer.finish(nil)
            })
    }

    /// Writes events from `from` on until the server shuts down; a failed read of the log is
    /// sent as an `error` event and ends the stream.
    private static func follow(_ events: any EventListing, from: UInt64, writer: inout any ResponseBodyWriter) async throws {
        var next = from
        var quiet = 0
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let rows: [EventRow]
            do {
                rows = try events.events(from: next, through: .max, order: nil, limit: pageSize) ?? []
            } catch {
                try await writer.write(
                    ByteBuffer(string: "event: error\ndata: " + APIError(.serviceUnavailable, "\(error)").body + "\n"))
                return
            }
            if let last = rows.last {
                var text = ""
                for row in rows { text += "data: " + EventJSON.object(row).text + "\n\n" }
                try await writer.write(ByteBuffer(string: text))
                next = last.seq + 1
                quiet = 0
                continue
            }
            quiet += 1
            if quiet >= quietPolls {
                try await writer.write(ByteBuffer(string: ": waiting for events after seq \(next - 1)\n\n"))
                quiet = 0
            }
            try await Task.sleep(for: pollInterval)
        }
    }
}
