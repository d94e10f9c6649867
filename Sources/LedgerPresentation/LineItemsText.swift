public import LedgerServices

/// An order's lines as text: the JSON array of SPEC §6 (`show`, `events`, an exported JSON Lines
/// batch) and the CSV notation of SPEC §4 (`SKU*QTY@PRICE` joined by `;`).
public enum LineItemsText {
    public static func json(_ lines: [LineItem]) -> String {
        "["
            + lines.map { line in
                var item = JSONObject()
                item.add("sku", line.sku)
                item.add("qty", line.quantity)
                item.add("unit_price", line.unitPrice)
                return item.text
            }.joined(separator: ",") + "]"
    }

    public static func batchNotation(_ lines: [LineItem]) -> String {
        lines.map { "\($0.sku)*\($0.quantity)@\($0.unitPrice)" }.joined(separator: ";")
    }
}
