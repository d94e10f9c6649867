import Foundation
import Testing

/// The provenance routes of SPEC §12 (`/api/batches`, `/api/orders/{id}/blame`, `/api/diff`)
/// answer what `orders batches`, `blame` and `diff` print with `--format json`, refuse what those
/// refuse in their words, and the pages show the batches and each event's record, escaped.
@Suite(.serialized) struct ServeProvenanceTests {
    let ledger: ServedLedger
    let server: RunningServer

    /// The served store after a second import, which has a command id, a reject and a file name
    /// with markup (`ServedLedger.secondName`).
    init() throws {
        ledger = try ServedLedger()
        try ledger.importSecondBatch()
        server = try RunningServer(store: ledger.store)
    }

    /// The `error` of a JSON error body.
    func error(_ answer: HTTPExchange) throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String]
        return try #require(object?["error"], "not a JSON error: \(answer.body)")
    }

    @Test func eachRouteAnswersWhatItsCommandPrints() throws {
        let pairs: [(String, [String])] = [
            ("/api/batches", ["batches"]),
            ("/api/orders/O-1/blame", ["blame", "O-1"]),
            ("/api/orders/O-5/blame", ["blame", "O-5"]),
            ("/api/orders/O-2/blame?as_of=5", ["blame", "O-2", "--as-of", "5"]),
            ("/api/orders/O-2/blame?as_of=2026-03-02T00%3A00%3A00Z", ["blame", "O-2", "--as-of", "2026-03-02T00:00:00Z"]),
            ("/api/diff?from=3", ["diff", "--from", "3"]),
            ("/api/diff?from=2&to=9", ["diff", "--from", "2", "--to", "9"]),
            ("/api/diff?from=4&to=4", ["diff", "--from", "4", "--to", "4"]),
            (
                "/api/diff?from=2026-03-02T00:00:00Z&to=2026-03-06T10:30:00Z",
                ["diff", "--from", "2026-03-02T00:00:00Z", "--to", "2026-03-06T10:30:00Z"]
            ),
            ("/api/diff?from=2026-03-04T00:00:00Z", ["diff", "--from", "2026-03-04T00:00:00Z"]),
        ]
        for (target, command) in pairs {
            let answer = try server.get(target)
            #expect(answer.status == 200, "\(target): \(answer.body)")
            #expect(answer.headers["content-type"] == "application/json", "\(target)")
            #expect(answer.body == (try ledger.cli(command)), "\(target) differs from orders \(command.joined(separator: " "))")
        }
        let batches = try JSONSerialization.jsonObject(with: Data(try server.get("/api/batches").body.utf8)) as? [[String: Any]]
        #expect(batches?.map { $0["file"] as? String } == ["batch.csv", ServedLedger.secondName])
    }

    @Test func badParametersAre400InTheCommandLinesWords() throws {
        let cases: [(String, [String])] = [
            ("/api/diff?from=99", ["diff", "--from", "99"]),
            ("/api/diff?from=5&to=2", ["diff", "--from", "5", "--to", "2"]),
            ("/api/diff?from=2&to=2026-03-02T00:00:00Z", ["diff", "--from", "2", "--to", "2026-03-02T00:00:00Z"]),
            (
                "/api/diff?from=2026-03-05T00:00:00Z&to=2026-03-02T00:00:00Z",
                ["diff", "--from", "2026-03-05T00:00:00Z", "--to", "2026-03-02T00:00:00Z"]
            ),
            ("/api/diff?from=yesterday", ["diff", "--from", "yesterday"]),
            ("/api/diff?from=1&to=soon", ["diff", "--from", "1", "--to", "soon"]),
        ]
        for (target, command) in cases {
            let answer = try server.get(target)
            #expect(answer.status == 400, "\(target): \(answer.body)")
            let cli = try OrdersBinary.run(command + ["--store", ledger.store, "--format", "json"])
            #expect(cli.status != 0, "orders \(command)")
            #expect(cli.standardError.contains(try error(answer)), "\(target): \(answer.body) vs \(cli.standardError)")
        }
        for (target, words) in [
            "/api/diff": "from is missing", "/api/diff?to=3": "from is missing",
            "/api/diff?from=1&order=O-1": "has no parameter 'order'", "/api/batches?limit=1": "takes no parameters",
            "/api/orders/O-1/blame?as_of=soon": "as_of soon is neither a seq nor an RFC 3339 time",
        ] {
            let answer = try server.get(target)
            #expect(answer.status == 400, "\(target)")
            #expect(try error(answer).contains(words), "\(target): \(answer.body)")
        }
    }

    @Test func blameOfAnUnknownOrderIs404InTheCommandLinesWords() throws {
        for id in ["NOPE", "O-9"] {
            let answer = try server.get("/api/orders/\(id)/blame")
            #expect(answer.status == 404, "\(id)")
            let words = try OrdersBinary.run(["blame", "--store", ledger.store, id]).standardError
            #expect(words == "orders: error: \(try error(answer))\n")
        }
        #expect(try server.get("/api/orders/O-1/blame/more").status == 404)
    }

    @Test func theDashboardListsTheBatchesNewestFirstEscaped() throws {
        let page = try server.get("/")
        #expect(page.status == 200)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(try ledger.cli(["batches"]).utf8)) as? [[String: Any]])
        let digests = rows.compactMap { ($0["batch"] as? String).map { String($0.prefix(8)) } }
        #expect(digests.count == 2)
        let listed = page.body.matches(of: #/<td class="batch" title="[0-9a-f]{64}">([0-9a-f]{8})</td>/#).map { String($0.1) }
        #expect(listed == digests.reversed())
        #expect(page.body.contains("second &lt;b&gt;&amp;.csv"))
        #expect(!page.body.contains("second <b>"))
    }

    @Test func theOrderPageShowsWhereEachEventCameFrom() throws {
        let page = try server.get("/orders/O-5")
        #expect(page.status == 200)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(try ledger.cli(["blame", "O-5"]).utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        for entry in entries {
            let seq = try #require(entry["seq"] as? Int)
            let line = try #require(entry["line"] as? Int)
            let batch = try #require(entry["batch"] as? String)
            let row = try #require(page.body.firstMatch(of: try Regex("<tr data-seq=\"\(seq)\">.*</tr>")))
            #expect(row.0.contains("second &lt;b&gt;&amp;.csv:\(line)"), "\(row.0)")
            #expect(row.0.contains("<td class=\"batch\">\(batch.prefix(8))</td>"))
            #expect(row.0.contains("<td class=\"command-id\">\(entry["command_id"] as? String ?? "-")</td>"))
        }
        #expect(page.body.contains("cmd-5"))
        #expect(!page.body.contains("second <b>"))
    }
}
