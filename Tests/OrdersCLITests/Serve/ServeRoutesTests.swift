import Foundation
import Testing

/// Every API route of SPEC §12 answers byte for byte what its command prints with `--format json`.
@Suite(.serialized) struct ServeRoutesTests {
    let ledger: ServedLedger
    let server: RunningServer

    init() throws {
        ledger = try ServedLedger()
        server = try RunningServer(store: ledger.store)
    }

    /// Each route with parameters, and the command line that must print the same body.
    static let pairs: [(String, [String])] = [
        ("/api/orders", ["list"]),
        ("/api/orders?status=paid&limit=1", ["list", "--status", "paid", "--limit", "1"]),
        ("/api/orders?customer=C-1", ["list", "--customer", "C-1"]),
        ("/api/orders?limit=0&as_of=5", ["list", "--limit", "0", "--as-of", "5"]),
        ("/api/orders/O-1", ["show", "O-1"]),
        ("/api/orders/O-3", ["show", "O-3"]),
        ("/api/orders/O-1?as_of=2026-03-01T23:00:00Z", ["show", "O-1", "--as-of", "2026-03-01T23:00:00Z"]),
        ("/api/customers", ["customers"]),
        ("/api/customers?as_of=3", ["customers", "--as-of", "3"]),
        ("/api/revenue", ["revenue"]),
        ("/api/revenue?from=2026-03-02&to=2026-03-03", ["revenue", "--from", "2026-03-02", "--to", "2026-03-03"]),
        ("/api/skus", ["skus"]),
        ("/api/skus?top=2", ["skus", "--top", "2"]),
        ("/api/stats", ["stats"]),
        ("/api/stats?as_of=4", ["stats", "--as-of", "4"]),
        ("/api/orders/O-1/blame", ["blame", "O-1"]),
        ("/api/batches", ["batches"]),
        ("/api/diff?from=2", ["diff", "--from", "2"]),
        ("/api/events", ["events"]),
        ("/api/events?from=2&to=5", ["events", "--from", "2", "--to", "5"]),
        ("/api/events?order=O-1", ["events", "--order", "O-1"]),
        ("/api/events?limit=3", ["events", "--limit", "3"]),
    ]

    @Test func everyRouteAnswersWhatItsCommandPrints() throws {
        for (target, command) in Self.pairs {
            let answer = try server.get(target)
            #expect(answer.status == 200, "\(target): \(answer.body)")
            #expect(answer.headers["content-type"] == "application/json", "\(target)")
            #expect(answer.body == (try ledger.cli(command)), "\(target) differs from orders \(command.joined(separator: " "))")
        }
    }

    @Test func markupInACarrierIsKeptAsText() throws {
        let body = try server.get("/api/orders/O-1").body
        #expect(body.contains(#""carrier":"<script>alert(1)</script>""#))
    }

    @Test func headAnswersTheHeadersOfGetWithoutTheBody() throws {
        let get = try server.get("/api/stats")
        let head = try server.get("/api/stats", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == "\(get.body.utf8.count)")
    }

    @Test func everyDocumentedRouteIsAnsweredAndEveryRouteIsDocumented() throws {
        let document = try server.get("/api/openapi.json")
        #expect(document.status == 200)
        let object = try JSONSerialization.jsonObject(with: Data(document.body.utf8)) as! [String: Any]
        #expect(object["openapi"] as? String == "3.1.0")
        let paths = Set((object["paths"] as! [String: Any]).keys)
        let routes = Set(Self.pairs.map { String($0.0.split(separator: "?")[0]).replacing(#/\/O-\d/#, with: "/{id}") })
        #expect(routes.isSubset(of: paths), "not documented: \(routes.subtracting(paths))")
        for path in paths {
            // The stream never ends by itself; ServeRefusalTests reads it.
            if path == "/api/events/stream" { continue }
            // The diff needs where to start.
            let target = path.replacing("{id}", with: "O-1") + (path == "/api/diff" ? "?from=1" : "")
            #expect(try server.get(target).status == 200, "\(path) is documented but not answered")
        }
    }
}

/// A log longer than the pages the server reads it in still answers as one `events` listing.
struct ServeLongLogTests {
    @Test func aLogOfManyPagesIsOneListing() throws {
        let ledger = try ServedLedger()
        var batch = "type,order_id,customer_id,currency,lines,amount,at\n"
        for index in 0..<6_000 {
            batch +=
                "place,P-\(index),C-\(index % 7),EUR,A-1*1@100,,2026-03-07T10:00:00Z\npay,P-\(index),,,,100,2026-03-07T11:00:00Z\n"
        }
        _ = try OrdersBinary.run(["import", "--store", ledger.store, ledger.directory.file("long.csv", batch)])
        let server = try RunningServer(store: ledger.store)
        for (target, command) in [
            ("/api/events", ["events"]), ("/api/events?limit=10001", ["events", "--limit", "10001"]),
            ("/api/events?from=5&to=11000", ["events", "--from", "5", "--to", "11000"]),
        ] {
            let answer = try server.get(target)
            #expect(answer.status == 200)
            #expect(answer.body == (try ledger.cli(command)), "\(target)")
        }
    }
}
