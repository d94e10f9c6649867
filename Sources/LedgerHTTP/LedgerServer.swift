import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOPosix

/// `orders serve`: the ledger over HTTP (SPEC §12), read-only, with the limits of `limits`.
public struct LedgerServer: Sendable {
    let host: String
    let port: Int
    let ledger: any LedgerOpening
    let limits: ServerLimits
    let token: String?

    /// A server on `host:port` (port 0: one the system picks) that reads `ledger`; with `token`,
    /// every request must bear it.
    public init(host: String, port: Int, ledger: any LedgerOpening, limits: ServerLimits = ServerLimits(), token: String?) {
        self.host = host
        self.port = port
        self.ledger = ledger
        self.limits = limits
        self.token = token
    }

    /// Serves until SIGINT or SIGTERM; `listening` is told the port once the socket is bound.
    public func run(listening: @escaping @Sendable (Int) async -> Void) async throws {
        var logger = Logger(label: "orders-serve")
        logger.logLevel = .error
        let api = APIRoutes(ledger: ledger)
        let listingThreads = NIOThreadPool(numberOfThreads: limits.listings)
        listingThreads.start()
        let responder = LedgerResponder(
            api: api, pages: PageRoutes(api: api), limits: limits, listingThreads: listingThreads, token: token)
        let application = Application(
            responder: responder,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestHeadWatcher(limits: limits), StalledReaderTimer(limits: limits)],
                    idleTimeout: .seconds(limits.idleSeconds))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.connections, logger: logger)),
            onServerRunning: { channel in await listening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        do {
            try await application.runService()
        } catch {
            try? await listingThreads.shutdownGracefully()
            throw error
        }
        try await listingThreads.shutdownGracefully()
    }
}
