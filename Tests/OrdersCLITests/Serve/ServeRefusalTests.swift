import Foundation
import Testing

/// What the server answers to requests it does not serve (SPEC §12): each gets its status and a
/// JSON error in the command line's words, and the server goes on answering.
@Suite(.serialized) struct ServeRefusalTests {
    let ledger: ServedLedger
    let server: RunningServer

    init() throws {
        ledger = try ServedLedger()
        server = try RunningServer(store: ledger.store)
    }

    /// The `error` of a JSON error body.
    func error(_ answer: HTTPExchange) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String]
        return try #require(object?["error"], "not a JSON error: \(answer.body)")
    }

    @Test func unknownPathsAndOrdersAre404() throws {
        for target in ["/api/nothing", "/nothing", "/api/orders/O-1/nothing", "/api"] {
            let answer = try server.get(target)
            #expect(answer.status == 404, "\(target)")
            #expect(try error(answer).contains("no such path"), "\(target)")
        }
        let missing = try server.get("/api/orders/NOPE")
        #expect(missing.status == 404)
        let words = try OrdersBinary.run(["show", "--store", ledger.store, "NOPE"]).standardError
        #expect(words == "orders: error: \(try error(missing))\n")
        #expect(try server.get("/api/events?order=NOPE").status == 404)
    }

    @Test func badParametersAre400() throws {
        let cases = [
            "/api/orders?limit=-1": "limit must be 0 (all) or more",
            "/api/orders?limit=ten": "limit must be 0 (all) or more",
            "/api/orders?status=lost": "status 'lost' is not a status",
            "/api/orders?customer=a%20b": "customer 'a b' is not a customer id",
            "/api/orders?sort=total": "has no parameter 'sort'",
            "/api/orders?limit=1&limit=2": "limit is given twice",
            "/api/revenue?from=2026-13-01": "from 2026-13-01 is not a date YYYY-MM-DD",
            "/api/revenue?from=2026-03-05&to=2026-03-01": "to 2026-03-01 is before from 2026-03-05",
            "/api/skus?top=-3": "top must be 0 (all) or more",
            "/api/stats?as_of=yesterday": "as_of yesterday is neither a seq nor an RFC 3339 time",
            "/api/events?from=0": "from must be a seq, 1 or more",
            "/api/events?from=5&to=2": "to 2 is before from 5",
        ]
        for (target, words) in cases {
            let answer = try server.get(target)
            #expect(answer.status == 400, "\(target)")
            #expect(try error(answer).contains(words), "\(target): \(answer.body)")
        }
    }

    @Test func methodsOtherThanGetAndHeadAre405() throws {
        for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = try server.get("/api/stats", method: method)
            #expect(answer.status == 405, "\(method)")
            #expect(answer.headers["allow"] == "GET, HEAD")
            #expect(try error(answer).contains("read-only"))
        }
    }

    @Test func requestsTooLargeAre413414And431() throws {
        let longTarget = "/api/orders?customer=" + String(repeating: "a", count: 20_000)
        #expect(try server.get(longTarget).status == 414)
        let bigHeader = "X-Filler: " + String(repeating: "b", count: 30_000)
        #expect(try server.get("/api/stats", headers: [bigHeader]).status == 431)
        let body = String(repeating: "c", count: 4096)
        let answer = try server.exchange(
            "GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 4096\r\n\r\n" + body)
        #expect(answer.status == 413)
        #expect(try server.get("/api/stats").status == 200)
    }

    @Test func aStreamSendsEventsAsTheyCommitAndEndsWhenTheClientLeaves() throws {
        let socket = try HTTPExchange.connect(port: server.port)
        try HTTPExchange.send(Data("GET /api/events/stream?from=2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
        var received = ""
        func readUntil(_ wanted: String) {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let deadline = Date().addingTimeInterval(20)
            while !received.contains(wanted), Date() < deadline {
                var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 200) == 1 else { continue }
                let count = read(socket, &buffer, buffer.count)
                guard count > 0 else { return }
                received += String(decoding: buffer[..<count], as: UTF8.self)
            }
        }
        let events = try ledger.cli(["events", "--from", "2"])
        let firstLine = try #require(events.split(separator: "\n").dropFirst().first)
        let first = String(firstLine.trimmingPrefix("  ").dropLast(firstLine.hasSuffix(",") ? 1 : 0))
        readUntil("data: \(first)\n\n")
        #expect(received.hasPrefix("HTTP/1.1 200"))
        #expect(received.lowercased().contains("content-type: text/event-stream"))
        #expect(received.contains("data: \(first)\n\n"), "\(received)")
        #expect(!received.contains(#""seq":1,"#))
        let later = "type,order_id,customer_id,currency,lines,at\nplace,O-LATE,C-9,EUR,A-1*1@100,2026-03-06T10:00:00Z\n"
        _ = try OrdersBinary.run(["import", "--store", ledger.store, ledger.directory.file("later.csv", later)])
        readUntil(#""order_id":"O-LATE""#)
        #expect(received.contains(#""order_id":"O-LATE""#))
        close(socket)
        #expect(try server.get("/api/stats").status == 200)
    }

    @Test func aThousandIdleConnectionsLeaveTheServerAnswering() throws {
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<1000 { sockets.append(try HTTPExchange.connect(port: server.port)) }
        let answer = try server.get("/api/stats")
        #expect(answer.status == 200)
        #expect(answer.body == (try ledger.cli(["stats"])))
    }
}
