import LedgerDomain
import LedgerPresentation
import LedgerServices
import LedgerViewModels

/// The JSON routes of SPEC §12: each body is what the command of the same name prints with
/// `--format json`, written by the same code (`LedgerPresentation`), from one read of the store.
/// The work that can be long (the replay of `as_of`, a diff, a listing of orders) stops at the
/// request's deadline, and the request is answered 503. The listings of orders and customers,
/// which grow with the store, are written in chunks (`APIAnswer.listing`).
struct APIRoutes: Sendable {
    let ledger: any LedgerOpening

    /// How many orders a listing writes between two looks at the deadline (a power of two).
    static let rowsBetweenChecks = 1 << 12

    /// The answer for `path` (the part after `/api`) and its query, or the error to answer.
    func answer(path: String, query: String, deadline: RequestDeadline) throws(APIError) -> APIAnswer {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        switch segments {
        case ["orders"]:
            let parameters = try QueryParameters(
                query: query, path: "/api" + path, names: ["status", "customer", "limit", "as_of"])
            let filter = OrderFilter(
                statuses: Set([try parameters.status()].compactMap { $0 }),
                customer: try parameters.identifier("customer", kind: "customer"),
                limit: try parameters.count("limit") ?? 100)
            let moment = try parameters.asOf()
            return .listing { array in
                try read(moment, deadline) { queries in
                    try queries.withOrders(filter) { forEachOrder in
                        var written = 0
                        _ = try forEachOrder { row in
                            if written & (Self.rowsBetweenChecks - 1) == 0 { try deadline.check() }
                            try array.item(OrderJSON.object(row).text)
                            written += 1
                        }
                    }
                }
            }
        case let parts where parts.count == 2 && parts[0] == "orders" && !parts[1].isEmpty:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["as_of"])
            let id = parts[1]
            let detail = try read(parameters.asOf(), deadline) { try $0.order(id) }
            guard let detail else { throw APIError(.notFound, OrderNotFound(orderID: id).description) }
            return .whole(OrderJSON.detail(detail))
        case let parts where parts.count == 3 && parts[0] == "orders" && !parts[1].isEmpty && parts[2] == "blame":
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["as_of"])
            let id = parts[1]
            let moment = try parameters.asOf()
            guard let entries = try provenance(deadline, { try $0.blame(id, asOf: moment) }) else {
                throw APIError(.notFound, OrderNotFound(orderID: id).description)
            }
            return .whole(BlameJSON.render(entries))
        case ["batches"]:
            _ = try QueryParameters(query: query, path: "/api" + path, names: [])
            return .whole(BatchesJSON.render(try provenance(deadline) { try $0.batches() }))
        case ["diff"]:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["from", "to"])
            guard let from = try parameters.moment("from") else {
                throw APIError(.badRequest, "from is missing: give the seq or RFC 3339 time to start after")
            }
            let to = try parameters.moment("to")
            return .whole(
                DiffJSON.render(try provenance(deadline) { try $0.diff(from: from, to: to, shouldStop: deadline.shouldStop) }))
        case ["customers"]:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["as_of"])
            let moment = try parameters.asOf()
            return .listing { array in
                for row in try read(moment, deadline, { try $0.customers() }) { try array.item(CustomerJSON.object(row)) }
            }
        case ["revenue"]:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["from", "to", "as_of"])
            let from = try parameters.date("from")
            let to = try parameters.date("to")
            if let from, let to, to < from {
                throw APIError(.badRequest, "to \(parameters["to"] ?? "") is before from \(parameters["from"] ?? "")")
            }
            return .whole(RevenueJSON.render(try read(parameters.asOf(), deadline) { try $0.revenue(from: from, to: to) }))
        case ["skus"]:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["top", "as_of"])
            let top = try parameters.count("top")
            return .whole(SKUsJSON.render(try read(parameters.asOf(), deadline) { try $0.skus(top: top) }))
        case ["stats"]:
            let parameters = try QueryParameters(query: query, path: "/api" + path, names: ["as_of"])
            return .whole(StatsJSON.render(try read(parameters.asOf(), deadline) { try $0.statistics() }))
        case ["openapi.json"]:
            _ = try QueryParameters(query: query, path: "/api" + path, names: [])
            return .whole(OpenAPIDocument.json)
        default:
            throw .noRoute("/api" + path)
        }
    }

    /// Opens the ledger; a missing or damaged store is 503 in the store's words.
    func open() throws(APIError) -> LedgerPorts {
        do {
            return try ledger.open()
        } catch {
            throw APIError(.serviceUnavailable, "\(error)")
        }
    }

    /// Runs one provenance query: a range the diff cannot answer is 400 in the command line's
    /// words, work stopped at the deadline is its 503, anything else the store throws is 503.
    private func provenance<Value>(
        _ deadline: RequestDeadline, _ query: (any ProvenanceQuerying) throws -> Value
    ) throws(APIError) -> Value {
        let ports = try open()
        do {
            return try query(ports.provenance)
        } catch let error as DiffRangeError {
            throw APIError(.badRequest, error.message)
        } catch {
            throw Self.failure(error, deadline)
        }
    }

    /// Runs one query on the ledger as of `moment`, the request's `as_of` (a replay that stops
    /// at the deadline); what the store throws is 503.
    private func read<Value>(
        _ moment: AsOf?, _ deadline: RequestDeadline, _ query: (any LedgerQuerying) throws -> Value
    ) throws(APIError) -> Value {
        let ports = try open()
        do {
            return try query(ports.queries(asOf: moment, shouldStop: deadline.shouldStop))
        } catch {
            throw Self.failure(error, deadline)
        }
    }

    /// The answer to what a query threw: its own answer, the deadline's once the work was
    /// stopped for it, or 503 in the store's words.
    private static func failure(_ error: any Error, _ deadline: RequestDeadline) -> APIError {
        if let error = error as? APIError { return error }
        if error is ReplayInterrupted { return deadline.exceeded }
        return APIError(.serviceUnavailable, "\(error)")
    }
}
