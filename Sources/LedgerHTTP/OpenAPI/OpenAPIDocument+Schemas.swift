/// The shapes of the bodies: one schema per kind of object the commands print with
/// `--format json`, built from the few kinds of value they hold.
extension OpenAPIDocument {
    static var schemas: JSONValue {
        [
            "Error": object(["error": string], required: ["error"]),
            "OrderSummary": object([
                "order_id": string, "customer_id": string, "status": string, "currency": string, "total": integer,
                "paid": integer, "refunded": integer, "line_count": integer, "item_count": integer, "placed_at": time,
                "updated_at": time, "version": integer,
            ]),
            "OrderDetail": [
                "allOf": [
                    schemaReference("OrderSummary"),
                    object([
                        "lines": array(object(["sku": string, "qty": integer, "unit_price": integer])),
                        "history": array(
                            object(
                                [
                                    "seq": integer, "version": integer, "type": string, "at": time, "amount": integer,
                                    "refund": integer, "carrier": string, "reason": string,
                                ], required: ["seq", "version", "type", "at"])),
                    ]),
                ]
            ],
            "Customer": object([
                "customer_id": string, "orders": integer, "open_orders": integer, "cancelled": integer,
                "net": perCurrency(integer),
            ]),
            "RevenueRow": object([
                "date": date, "currency": string, "orders_placed": integer, "orders_cancelled": integer, "gross": integer,
                "captured": integer, "refunded": integer, "net": integer,
            ]),
            "SKU": object([
                "sku": string, "units_ordered": integer, "units_cancelled": integer, "revenue": perCurrency(integer),
            ]),
            "Stats": object([
                "events": integer, "orders": integer, "customers": integer, "skus": integer, "head_seq": integer,
                "by_status": counts, "checkpoints": counts,
            ]),
            "Batch": object(
                [
                    "batch": ["type": "string", "description": "SHA-256 of the batch's bytes, hex."], "file": string,
                    "format": string, "records": integer, "accepted": integer, "rejected": integer,
                    "duplicates": integer, "first_seq": integerOrNull, "last_seq": integerOrNull, "finished": boolean,
                    "imported_at": string, "continued_after_line": integer,
                ],
                required: [
                    "batch", "format", "records", "accepted", "rejected", "duplicates", "first_seq", "last_seq", "finished",
                ]),
            "BlameEntry": object(
                [
                    "seq": integer, "version": integer, "type": string, "at": string, "file": string, "line": integer,
                    "batch": string, "command_id": string,
                ], required: ["seq", "version", "type", "at"]),
            "Diff": object(
                [
                    "from": moment, "to": moment, "events": integer, "by_type": counts,
                    "money": perCurrency(
                        object(["gross": integer, "captured": integer, "refunded": integer, "net": integer])),
                    "orders": array(
                        object(
                            [
                                "order_id": string, "status_before": string, "status_after": string, "events": integer,
                                "paid": integer, "refunded": integer,
                            ], required: ["order_id", "status_after", "events", "paid", "refunded"])),
                ], required: ["from", "to", "events", "by_type", "money", "orders"]),
            "Event": object(
                [
                    "seq": integer, "order_id": string, "version": integer, "type": string, "at": time,
                    "customer_id": string, "currency": string, "total": integer, "lines": array(["type": "object"]),
                    "amount": integer, "refund": integer, "carrier": string, "reason": string,
                ], required: ["seq", "order_id", "version", "type", "at"]),
        ]
    }

    /// An object with `properties`, in their order, of which `required` must be there.
    static func object(_ properties: JSONValue, required: [String] = []) -> JSONValue {
        guard !required.isEmpty else { return ["type": "object", "properties": properties] }
        return ["type": "object", "required": .array(required.map { .string($0) }), "properties": properties]
    }

    static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }

    /// Amounts in minor units keyed by currency.
    static func perCurrency(_ amount: JSONValue) -> JSONValue {
        ["type": "object", "additionalProperties": amount, "description": "Minor units per currency."]
    }

    static let string: JSONValue = ["type": "string"]
    static let integer: JSONValue = ["type": "integer"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let integerOrNull: JSONValue = ["type": ["integer", "null"]]
    static let date: JSONValue = ["type": "string", "format": "date"]
    /// A time as the commands write it.
    static let time: JSONValue = ["type": "string", "description": "UTC, e.g. 2026-03-01T10:15:00.000Z"]
    /// Counts keyed by a name (a status, a type of event, a read model).
    static let counts: JSONValue = ["type": "object", "additionalProperties": integer]
    /// Where a diff starts or ends.
    static let moment: JSONValue = [
        "type": "object", "description": "{\"seq\": N} or {\"at\": \"<time>\"}.",
        "properties": ["seq": integer, "at": string],
    ]
}
