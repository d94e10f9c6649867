import Foundation
import Testing

/// The time one request may take (`--request-seconds`): a head that trickles in is cut off with
/// 408, and work past the limit (a replay for `as_of`, a diff, a listing) is stopped and answered
/// 503; the server goes on answering. Each server gets a limit its request cannot meet, so the
/// answers below could not come without it.
@Suite(.serialized) struct ServeTimeLimitTests {
    let ledger: ServedLedger

    init() throws {
        ledger = try ServedLedger()
    }

    /// The `error` of a JSON error body.
    func error(_ body: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
        return try #require(object?["error"], "not a JSON error: \(body)")
    }

    @Test func aHeadThatTricklesInIsCutOffWith408() throws {
        let server = try RunningServer(store: ledger.store, arguments: ["--request-seconds", "1"])
        let socket = try HTTPExchange.connect(port: server.port)
        defer { close(socket) }
        try HTTPExchange.send(Data("GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8), to: socket)
        // A byte of a header every tenth of a second, never silent for long and never whole; at most
        // ten seconds' worth, far more than the limit.
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        for _ in 0..<100 where !closed {
            try HTTPExchange.send(Data("x".utf8), to: socket)
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) == 1 else { continue }
            while !closed {
                let count = read(socket, &buffer, buffer.count)
                if count > 0 { received.append(contentsOf: buffer[..<count]) } else { closed = true }
            }
        }
        let answer = String(decoding: received, as: UTF8.self)
        #expect(closed, "the server neither answered nor closed the connection")
        #expect(answer.hasPrefix("HTTP/1.1 408 "), "\(answer)")
        let body = String(answer[try #require(answer.range(of: "\r\n\r\n")).upperBound...])
        #expect(try error(body).contains("--request-seconds"))
        #expect(try server.get("/api/stats").status == 200)
    }

    @Test func workPastTheLimitIsStoppedAndAnswered503() throws {
        // A microsecond: every replay, diff and listing takes longer, and a head sent in one piece
        // arrives whole at once.
        let server = try RunningServer(store: ledger.store, arguments: ["--request-seconds", "0.000001"])
        for target in ["/api/stats?as_of=5", "/api/customers?as_of=2026-03-02T00:00:00Z", "/api/diff?from=1", "/api/orders"] {
            let answer = try server.get(target)
            #expect(answer.status == 503, "\(target): \(answer.body)")
            let words = try error(answer.body)
            #expect(words.contains("--request-seconds") && words.contains("ask for less"), "\(target): \(words)")
        }
        let stats = try server.get("/api/stats")
        #expect(stats.status == 200)
        #expect(stats.body == (try ledger.cli(["stats"])))
    }

    @Test func aClientThatTakesNoneOfItsAnswerIsCutOff() throws {
        try ledger.importOrders(20_000)
        let server = try RunningServer(store: ledger.store, arguments: ["--request-seconds", "1"])
        let socket = try HTTPExchange.connect(port: server.port, receiveBuffer: 4096)
        defer { close(socket) }
        try HTTPExchange.send(Data("GET /api/events/stream?from=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
        // Its answer's writes held back, the client reading none, the server closes the connection:
        // a tenth of a second between looks, at most twenty seconds' worth. The kernel's table is
        // read while other connections come and go, and a read may miss a line: the connection
        // counts as closed once five reads in a row miss it.
        var seen = false
        var missed = 0
        for _ in 0..<200 where missed < 5 {
            usleep(100_000)
            if try server.holdsConnection(of: socket) {
                seen = true
                missed = 0
            } else if seen {
                missed += 1
            }
        }
        #expect(seen, "the connection was never established")
        #expect(missed >= 5, "the server still holds the connection of a client that reads nothing")
        #expect(try server.get("/api/stats").status == 200)
    }

    @Test func aLimitOfNoTimeIsRefused() throws {
        for value in ["0", "-1", "nan", "100000"] {
            let result = try OrdersBinary.run(["serve", "--store", ledger.store, "--request-seconds=" + value])
            #expect(result.status == 2, "\(value): \(result.standardError)")
            #expect(result.standardError.contains("must be more than 0 and at most 86400"), "\(value)")
        }
    }
}
