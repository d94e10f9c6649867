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

    /// The OpenAPI document the server serves, as an object.
    func document() throws -> [String: Any] {
        let document = try server.get("/api/openapi.json")
        #expect(document.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(document.body.utf8)) as? [String: Any])
    }

    /// The query parameters the document gives `path`, by name, each with whether it is required
    /// (a `$ref` read from the document's components).
    func queryParameters(of path: String, in document: [String: Any]) throws -> [String: Bool] {
        let route = try #require((document["paths"] as? [String: Any])?[path] as? [String: Any])
        let listed = try #require((route["get"] as? [String: Any])?["parameters"] as? [[String: Any]])
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
        var parameters: [String: Bool] = [:]
        for entry in listed {
            let parameter =
                try entry["$ref"].map { try #require(shared[String(($0 as! String).split(separator: "/").last!)]) } ?? entry
            guard parameter["in"] as? String == "query" else { continue }
            parameters[try #require(parameter["name"] as? String)] = parameter["required"] as? Bool ?? false
        }
        return parameters
    }

    /// A value for each parameter a route requires.
    static let requiredValues = ["from": "1", "id": "O-1"]

    @Test func everyDocumentedRouteIsAnsweredAndEveryRouteIsDocumented() throws {
        let object = try document()
        #expect(object["openapi"] as? String == "3.1.0")
        let paths = Set((object["paths"] as! [String: Any]).keys)
        let routes = Set(Self.pairs.map { String($0.0.split(separator: "?")[0]).replacing(#/\/O-\d/#, with: "/{id}") })
        #expect(routes.isSubset(of: paths), "not documented: \(routes.subtracting(paths))")
        for path in paths {
            // The stream never ends by itself; ServeRefusalTests reads it.
            if path == "/api/events/stream" { continue }
            let required = try queryParameters(of: path, in: object).filter(\.value).keys.sorted()
            let query = try required.map { "\($0)=\(try #require(Self.requiredValues[$0], "no value for \($0)"))" }
            let target = path.replacing("{id}", with: "O-1") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            #expect(try server.get(target).status == 200, "\(path) is documented but not answered")
        }
    }

    /// Every route lists the refusals of the checks made before any route, each an answer the
    /// document defines.
    @Test func everyRouteListsTheSharedRefusals() throws {
        let object = try document()
        let shared = try #require((object["components"] as? [String: Any])?["responses"] as? [String: Any])
        for (path, route) in try #require(object["paths"] as? [String: [String: Any]]) {
            let responses = try #require((route["get"] as? [String: Any])?["responses"] as? [String: Any], "\(path)")
            for status in ["401", "405", "413", "414", "431"] {
                let reference = try #require((responses[status] as? [String: String])?["$ref"], "\(path) lacks \(status)")
                #expect(shared[String(reference.split(separator: "/").last!)] != nil, "\(path): \(reference)")
            }
        }
    }

    /// The parameters each route takes are those the document gives it: a route refuses a
    /// parameter it does not take with words that name those it takes.
    @Test func everyParameterARouteTakesIsDocumentedAndNoOther() throws {
        let object = try document()
        for path in (object["paths"] as! [String: Any]).keys {
            let answer = try server.get(path.replacing("{id}", with: "O-1") + "?no_such_parameter=1")
            #expect(answer.status == 400, "\(path)")
            let taken: Set<String>
            if answer.body.contains("it takes no parameters") {
                taken = []
            } else {
                let names = try #require(
                    answer.body.firstMatch(of: #/it takes ([a-z_]+(?:, [a-z_]+)*)/#), "\(path): \(answer.body)")
                taken = Set(names.1.split(separator: ", ").map(String.init))
            }
            #expect(taken == Set(try queryParameters(of: path, in: object).keys), "\(path)")
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
