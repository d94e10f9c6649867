import LedgerDomain

/// The OpenAPI 3.1 document of the server (`/api/openapi.json`), written by hand from small
/// parts: every route of SPEC §12 that the server answers, the parameters it takes and the shape
/// of its body (the schemas are in `OpenAPIDocument+Schemas`). What routes share (a parameter,
/// an error answer, a schema) is written once and referred to.
enum OpenAPIDocument {
    static let json = document.text() + "\n"

    static var document: JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "orders serve",
                "version": "0.1.0",
                "description": "The order ledger, read-only (GET, HEAD). A body is what the command prints with --format json.",
            ],
            "paths": paths,
            "components": [
                "parameters": ["as_of": asOfParameter],
                "responses": .object(refusals.map { (key: $0.name, value: error($0.description)) }),
                "schemas": schemas,
                "securitySchemes": [
                    "bearer": [
                        "type": "http",
                        "scheme": "bearer",
                        "description": "Needed when the server listens on an address other than loopback (--token-file).",
                    ]
                ],
            ],
            "security": [[:], ["bearer": []]],
        ]
    }

    /// Every route, in the order of SPEC §12.
    static var paths: JSONValue {
        [
            "/api/orders": command(
                "orders list",
                [
                    statusParameter, query("customer", "Only this customer's orders."),
                    count("limit", "At most this many orders (0: all); default 100."), asOf,
                ],
                answer: list("OrderSummary"), unavailable: stoppedOrNoStore),
            "/api/orders/{id}": command(
                "orders show ID", [orderID, asOf], answer: reference("OrderDetail"), also: [noSuchOrder]),
            "/api/customers": command("orders customers", [asOf], answer: list("Customer"), unavailable: stoppedOrNoStore),
            "/api/revenue": command(
                "orders revenue",
                [
                    query("from", "The first date, inclusive (YYYY-MM-DD).", schema: date),
                    query("to", "The last date, inclusive (YYYY-MM-DD).", schema: date), asOf,
                ],
                answer: list("RevenueRow"), unavailable: stoppedOrNoStore),
            "/api/skus": command(
                "orders skus",
                [count("top", "Only the N skus with the most units ordered and not cancelled (0: all, ranked)."), asOf],
                answer: list("SKU"), unavailable: stoppedOrNoStore),
            "/api/stats": command("orders stats", [asOf], answer: reference("Stats"), unavailable: stoppedOrNoStore),
            "/api/orders/{id}/blame": command(
                "orders blame ID", [orderID, asOf], answer: list("BlameEntry"), also: [noSuchOrder]),
            "/api/batches": command("orders batches", [], answer: list("Batch")),
            "/api/diff": command(
                "orders diff --from A [--to B]",
                [
                    query("from", "Start after this seq or RFC 3339 time, as --from.", required: true),
                    query("to", "End at this seq or time, of the same kind as from (default: the log's head), as --to."),
                ],
                answer: reference("Diff"), refused: "A bad parameter or range, in the command line's words.",
                unavailable: stoppedOrNoStore),
            "/api/events": command(
                "orders events",
                [
                    seq("from", "Start at this seq."), seq("to", "Stop after this seq."),
                    query("order", "Only this order's events."),
                    count("limit", "At most this many events (0: all, the default)."),
                ],
                answer: list("Event"), also: [noSuchOrder]),
            "/api/events/stream": command(
                "orders events --follow", [seq("from", "Start at this seq.")],
                answer: body(
                    "text/event-stream",
                    ["type": "string", "description": "Server-sent events: one Event object per data: line."])),
            "/api/openapi.json": command("This document.", [], answer: body("application/json", ["type": "object"])),
            "/": page("The dashboard: revenue, orders by status, best-selling skus, recent batches, a search by order id.", []),
            "/orders/{id}": page("One order: totals, lines, timeline and provenance.", [orderID], also: [noSuchOrderPage]),
            "/orders": page(
                "One order's page, as the dashboard's search asks for it.",
                [query("id", "The order id (the search form's field).", required: true)], also: [noSuchOrderPage]),
        ]
    }

    // MARK: Routes

    /// A `GET` route: its summary, parameters and answers by status, then the refusals every
    /// route shares.
    static func get(_ summary: String, _ parameters: [JSONValue], _ responses: [(key: String, value: JSONValue)]) -> JSONValue {
        let shared = refusals.map { (key: $0.status, value: ["$ref": .string("#/components/responses/" + $0.name)] as JSONValue) }
        return ["get": ["summary": .string(summary), "parameters": .array(parameters), "responses": .object(responses + shared)]]
    }

    /// The refusals of the checks made before any route (SPEC §12), by status, each with its name
    /// among the document's shared answers.
    static let refusals: [(status: String, name: String, description: String)] = [
        (
            "401", "Unauthorized",
            "The server has a token (--token-file) and the request does not bear it as Authorization: Bearer."
        ),
        ("405", "MethodNotAllowed", "A method other than GET and HEAD (the Allow header names them): the server is read-only."),
        ("413", "ContentTooLarge", "The request has a body larger than the server lets through unread (GET and HEAD take none)."),
        ("414", "URITooLong", "The request target is longer than \(ServerLimits().requestTargetBytes) bytes."),
        (
            "431", "RequestHeaderFieldsTooLarge",
            "The request's header names and values hold more than \(ServerLimits().headerBytes) bytes."
        ),
    ]

    /// An API route, answered as its command: the command's JSON, and the refusals every API route
    /// shares (400 `refused`, 408, 503 `unavailable`), then `also`.
    static func command(
        _ summary: String, _ parameters: [JSONValue], answer: JSONValue,
        refused: String = "A bad parameter, in the command line's words.", unavailable: String = noStore,
        also: [(key: String, value: JSONValue)] = []
    ) -> JSONValue {
        get(
            summary, parameters,
            [
                ("200", ["description": "What the command prints with --format json.", "content": answer]),
                ("400", error(refused)), ("408", headTooSlow), ("503", error(unavailable)),
            ] + also)
    }

    /// A page: HTML, with the same refusals as the API, each an HTML page with the same words.
    static func page(
        _ summary: String, _ parameters: [JSONValue], also: [(key: String, value: JSONValue)] = []
    ) -> JSONValue {
        get(
            summary, parameters,
            [
                ("200", html("An HTML page.")), ("400", html("A bad parameter (an HTML page with the command line's words).")),
                ("408", headTooSlow), ("503", html("No store, or a damaged one (an HTML page).")),
            ] + also)
    }

    // MARK: Parameters

    /// A query parameter, a string unless `schema` says otherwise.
    static func query(
        _ name: String, _ description: String, schema: JSONValue = string, required: Bool = false
    ) -> JSONValue {
        [
            "name": .string(name), "in": "query", "required": .boolean(required), "description": .string(description),
            "schema": schema,
        ]
    }

    /// A count, 0 or more (`limit`, `top`).
    static func count(_ name: String, _ description: String) -> JSONValue {
        query(name, description, schema: ["type": "integer", "minimum": 0])
    }

    /// A seq, 1 or more.
    static func seq(_ name: String, _ description: String) -> JSONValue {
        query(name, description, schema: ["type": "integer", "minimum": 1])
    }

    static let statusParameter = query(
        "status", "Only orders in this status.", schema: ["enum": .array(OrderStatus.allCases.map { .string($0.description) })])

    static let orderID: JSONValue = [
        "name": "id", "in": "path", "required": true, "description": "The order id.", "schema": string,
    ]

    static let asOfParameter = query("as_of", "Answer as of a past moment: a seq or an RFC 3339 time, as --as-of.")

    /// `as_of`, as the routes that take it refer to it.
    static let asOf: JSONValue = ["$ref": "#/components/parameters/as_of"]

    // MARK: Answers

    /// A body of `media` type whose shape is `schema`.
    static func body(_ media: String, _ schema: JSONValue) -> JSONValue { [media: ["schema": schema]] }

    /// An array of the schema `name`, as JSON.
    static func list(_ name: String) -> JSONValue { body("application/json", ["type": "array", "items": schemaReference(name)]) }

    /// One object of the schema `name`, as JSON.
    static func reference(_ name: String) -> JSONValue { body("application/json", schemaReference(name)) }

    static func schemaReference(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/" + name)] }

    /// A refusal: `{"error": "…"}`.
    static func error(_ description: String) -> JSONValue {
        ["description": .string(description), "content": reference("Error")]
    }

    /// An HTML page.
    static func html(_ description: String) -> JSONValue {
        ["description": .string(description), "content": body("text/html", string)]
    }

    static let noStore = "No store, or a damaged one."
    static let stoppedOrNoStore =
        "No store, or a damaged one; or the answer needs more work than --request-seconds (default 10) allows, "
        + "and its work was stopped: ask for less."
    static let headTooSlow = error(
        "The request's head was not whole --request-seconds (default 10) after its first byte; the connection is closed.")
    static let noSuchOrder = (key: "404", value: error("No such order."))
    static let noSuchOrderPage = (key: "404", value: html("No such order (an HTML page)."))
}
