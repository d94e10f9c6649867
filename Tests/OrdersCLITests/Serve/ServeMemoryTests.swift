import Foundation
import Testing

/// Bad requests do not make the server hold memory: after floods of them (huge request lines and
/// headers, unknown routes, 1,000 idle connections, clients that ask for the event stream and
/// read none of it) its resident memory has grown by less than a generous bound, and it answers.
@Suite(.serialized) struct ServeMemoryTests {
    /// Far less than the floods would leave if the server kept what they send or what it could
    /// not write: 20 streams of a log of about 9 MiB each, and a hundred megabytes of requests.
    static let allowedGrowth = 64 << 20

    @Test func floodsOfBadRequestsLeaveTheServerSmallAndAnswering() throws {
        let ledger = try ServedLedger()
        try ledger.importOrders(20_000)
        let server = try RunningServer(store: ledger.store)
        // Every kind of answer once first: what is made once (the store's map, the document) is
        // in the memory the floods are measured from.
        for target in ["/api/stats", "/api/orders", "/", "/orders/O-1", "/api/openapi.json", "/api/events?limit=10"] {
            #expect(try server.get(target).status == 200, "\(target)")
        }
        let before = try server.memory("VmRSS")

        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        // Clients that ask for the whole log as a stream and never read.
        for _ in 0..<20 {
            let socket = try HTTPExchange.connect(port: server.port)
            try HTTPExchange.send(Data("GET /api/events/stream?from=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
            sockets.append(socket)
        }
        // Connections opened and left idle.
        for _ in 0..<1_000 { sockets.append(try HTTPExchange.connect(port: server.port)) }
        // Requests too large, each refused with its status; a request line past the parser's own
        // bound is refused by the parser, which closes the connection.
        let longTarget = "/api/orders?customer=" + String(repeating: "a", count: 20_000)
        let bigHeader = "X-Filler: " + String(repeating: "b", count: 30_000)
        let hugeLine = "/" + String(repeating: "c", count: 100_000)
        for _ in 0..<200 {
            #expect(try server.get(longTarget).status == 414)
            #expect(try server.get("/api/stats", headers: [bigHeader]).status == 431)
            _ = try? server.get(hugeLine)
        }
        // Unknown routes and parameters.
        for index in 0..<1_000 {
            #expect(try server.get("/api/nothing-\(index)").status == 404)
            #expect(try server.get("/api/orders?sort=\(index)").status == 400)
        }
        let during = try server.memory("VmRSS")
        for socket in sockets { close(socket) }
        sockets = []
        let answer = try server.get("/api/stats")
        let after = try server.memory("VmRSS")
        #expect(during - before < Self.allowedGrowth, "grew by \(during - before) bytes with the clients connected")
        #expect(after - before < Self.allowedGrowth, "grew by \(after - before) bytes")
        #expect(answer.status == 200)
        #expect(answer.body == (try ledger.cli(["stats"])))
    }
}
