import HTTPTypes
import LedgerServices
import LedgerViewModels

/// The pages of SPEC §12, rendered by the server from the same view models as the terminal's
/// views (and the provenance port, which has none): `/` (the dashboard) and `/orders/{id}` (one
/// order; `/orders?id=…` is the dashboard's search). An error is a page too, with the command line's words and the status the API gives.
struct PageRoutes: Sendable {
    let api: APIRoutes

    /// Whether `path` is a page's.
    static func serves(_ path: String) -> Bool {
        path == "/" || path == "/orders" || (path.hasPrefix("/orders/") && path.count > "/orders/".count)
    }

    /// The status and HTML for `path`, one that `serves`.
    func page(path: String, query: String) async -> (HTTPResponse.Status, String) {
        do {
            if path == "/" {
                _ = try QueryParameters(query: query, path: path, names: [])
                return (.ok, try await dashboard())
            }
            if path == "/orders" {
                let parameters = try QueryParameters(query: query, path: path, names: ["id"])
                return (.ok, try await order(parameters["id"] ?? ""))
            }
            _ = try QueryParameters(query: query, path: path, names: [])
            return (.ok, try await order(String(path.dropFirst("/orders/".count))))
        } catch {
            return (error.status, OrderPage.error(error.message))
        }
    }

    private func dashboard() async throws(APIError) -> String {
        let ports = try api.open()
        let repository = ports.queries
        let states = await MainActor.run {
            let stats = StatsViewModel(repository: repository)
            let revenue = RevenueViewModel(repository: repository)
            let skus = SKUsViewModel(repository: repository, top: DashboardPage.topSKUs)
            stats.load()
            revenue.load()
            skus.load()
            return (stats.state, revenue.state, skus.state)
        }
        guard let stats = states.0.value, let revenue = states.1.value, let skus = states.2.value else {
            let failure = states.0.failure ?? states.1.failure ?? states.2.failure ?? "the query did not run"
            throw APIError(.serviceUnavailable, failure)
        }
        return DashboardPage.html(
            stats: stats, revenue: revenue, skus: skus, batches: try Self.read { try ports.provenance.batches() })
    }

    private func order(_ id: String) async throws(APIError) -> String {
        let ports = try api.open()
        let repository = ports.queries
        let state = await MainActor.run {
            let viewModel = OrderDetailViewModel(repository: repository, orderID: id)
            viewModel.load()
            return viewModel.state
        }
        guard let detail = state.value else {
            let failure = state.failure ?? "the query did not run"
            let missing = OrderNotFound(orderID: id).description
            throw APIError(failure == missing ? .notFound : .serviceUnavailable, failure)
        }
        return OrderPage.html(detail, provenance: try Self.read { try ports.provenance.blame(id, asOf: nil) } ?? [])
    }

    /// Runs one provenance read; what the store throws is 503.
    private static func read<Value>(_ body: () throws -> Value) throws(APIError) -> Value {
        do {
            return try body()
        } catch {
            throw APIError(.serviceUnavailable, "\(error)")
        }
    }
}
