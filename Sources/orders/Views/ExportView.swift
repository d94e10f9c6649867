import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders export`: each event as the command that was accepted as it, in the batch
/// formats of SPEC §4, so that importing the export into an empty store gives the same ledger.
/// Money is in minor units, times in UTC with milliseconds (`at` keeps exactly what was stored),
/// and each command keeps the `command_id` it was accepted under. A cancel carries no refund
/// (the import computes it again); `placed` carries the order's lines in the order given.
enum ExportView {
    static let csvHeader = [
        "type", "order_id", "customer_id", "currency", "lines", "amount", "carrier", "reason", "at", "command_id",
    ]

    /// Adds the command of `row` to `listing` (csv or jsonl).
    static func add(_ row: EventRow, to listing: inout ListingWriter) throws {
        let amount = row.amount
        if listing.format == .csv {
            try listing.csv([
                row.kind.commandType, row.orderID, row.customerID ?? "", row.currency?.description ?? "",
                row.lines.map(LineItemsText.batchNotation) ?? "", amount.map(String.init) ?? "", row.carrier ?? "",
                row.reason ?? "", row.at.description, row.commandID ?? "",
            ])
            return
        }
        try listing.object { object in
            object.add("type", row.kind.commandType)
            object.add("order_id", row.orderID)
            object.add("customer_id", row.customerID)
            object.add("currency", row.currency?.description)
            if let lines = row.lines { object.add("lines", lines) }
            object.add("amount", amount)
            object.add("carrier", row.carrier)
            object.add("reason", row.reason)
            object.add("at", row.at)
            object.add("command_id", row.commandID)
        }
    }

    /// Whether CSV loses part of `row`: an empty carrier or reason, which a CSV batch cannot tell
    /// from none (SPEC §4: an empty field is an absent field).
    static func csvLosesNote(_ row: EventRow) -> Bool { row.carrier == "" || row.reason == "" }
}
