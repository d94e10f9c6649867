/// One command the generator writes, in a format-neutral form.
struct GeneratedRecord {
    var type: String
    var orderID: String
    var customerID: String?
    var currency: String?
    var lines: [(sku: String, quantity: Int, unitPrice: Int)] = []
    var amount: Int?
    var at: String
    var carrier: String?
    var reason: String?
    var commandID: String?
    /// A record that is not valid CSV/JSON-wise (written as given).
    var literal: String?

    func csv() -> String {
        if let literal { return literal }
        let lineText = lines.map { "\($0.sku)*\($0.quantity)@\($0.unitPrice)" }.joined(separator: ";")
        return [
            type, orderID, customerID ?? "", currency ?? "", lineText, amount.map(String.init) ?? "", at,
            carrier.map(Self.quoted) ?? "", reason.map(Self.quoted) ?? "", commandID ?? "",
        ].joined(separator: ",")
    }

    func json() -> String {
        if let literal { return literal }
        var fields = ["\"type\":\"\(type)\"", "\"order_id\":\"\(orderID)\""]
        if let customerID { fields.append("\"customer_id\":\"\(customerID)\"") }
        if let currency { fields.append("\"currency\":\"\(currency)\"") }
        if !lines.isEmpty {
            let items = lines.map { "{\"sku\":\"\($0.sku)\",\"qty\":\($0.quantity),\"unit_price\":\($0.unitPrice)}" }
            fields.append("\"lines\":[\(items.joined(separator: ","))]")
        }
        if let amount { fields.append("\"amount\":\(amount)") }
        fields.append("\"at\":\"\(at)\"")
        if let carrier { fields.append("\"carrier\":\"\(carrier)\"") }
        if let reason { fields.append("\"reason\":\"\(reason)\"") }
        if let commandID { fields.append("\"command_id\":\"\(commandID)\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static let csvHeader = "type,order_id,customer_id,currency,lines,amount,at,carrier,reason,command_id"

    private static func quoted(_ text: String) -> String {
        text.contains(",") || text.contains("\"") ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
    }
}
