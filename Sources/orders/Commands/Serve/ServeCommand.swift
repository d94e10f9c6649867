import ArgumentParser
import LedgerHTTP

/// `orders serve`: the queries over HTTP (SPEC §12). This is where the server gets the store:
/// `LedgerHTTP` sees only the ports that `StoreConnection` hands it.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Answer the queries over HTTP, read-only, while imports go on.",
        discussion: """
            The API (/api/orders, /api/orders/ID, /api/customers, /api/revenue, /api/skus, /api/stats, \
            /api/events, /api/events/stream) answers what the command of the same name prints with \
            --format json; /api/openapi.json describes it. / is a dashboard and /orders/ID an order's page. \
            Every request reads one consistent snapshot. GET and HEAD only; errors are {"error": "..."}.

            It listens on 127.0.0.1:8080 unless --listen says otherwise; an address other than loopback \
            needs --token-file (a file of mode 0600 holding the token), and every request must then send \
            Authorization: Bearer <token>. Ctrl-C or SIGTERM stops it.

            A request whose head is not whole --request-seconds after its first byte is answered 408; \
            one whose answer needs more work than that (a diff over a long range, as_of on a large log) \
            is answered 503 and its work stops; a client that takes none of its answer for as long is \
            cut off.

            Examples:
              orders serve
              orders serve --listen 127.0.0.1:9000
              orders serve --listen 0.0.0.0:8080 --token-file ~/.config/orders/token
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("Where to listen.", valueName: "HOST:PORT"))
    var listen = "127.0.0.1:8080"

    @Option(
        name: .customLong("token-file"),
        help: ArgumentHelp("A file (mode 0600) holding the token every request must bear.", valueName: "FILE"))
    var tokenFile: String?

    @Option(
        name: .customLong("request-seconds"),
        help: ArgumentHelp(
            "How long the server waits on a request: for its head, for its answer's work, for the client to read.",
            valueName: "SECONDS"))
    var requestSeconds: Double = ServerLimits().requestSeconds

    func validate() throws {
        guard requestSeconds > 0, requestSeconds <= 86_400 else {
            throw ValidationError("--request-seconds \(requestSeconds) must be more than 0 and at most 86400 (a day)")
        }
        guard let address = ListenAddress(listen) else {
            throw ValidationError("--listen \(listen.terminalSafe) is not HOST:PORT (e.g. 127.0.0.1:8080, [::1]:8080)")
        }
        if !address.isLoopback, tokenFile == nil {
            throw ValidationError(
                "--listen \(listen.terminalSafe) is reachable from other machines: give --token-file FILE (mode 0600) "
                    + "so that only clients with the token are answered, or listen on 127.0.0.1")
        }
    }

    func run() async throws {
        guard let address = ListenAddress(listen) else {
            throw ValidationError("--listen \(listen.terminalSafe) is not HOST:PORT")
        }
        let token = try tokenFile.map(TokenFile.read)
        let path = storeOptions.path
        let server = LedgerServer(
            host: address.host, port: address.port, ledger: StoreConnection(path: path),
            limits: ServerLimits(requestSeconds: requestSeconds), token: token)
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        do {
            try await server.run { port in
                let output = OutputBuffer()
                output.append("orders serve: listening on http://\(host):\(port)/ (store \(path.terminalSafe))\n")
                try? output.write(flush: true)
            }
        } catch {
            throw CommandFailure("cannot serve on \(listen.terminalSafe): \(error)", exitStatus: 1)
        }
    }
}
