internal import LedgerDomain

/// What the numbers in a stored event may be: dense numbers below the counts of the id
/// dictionaries they index, money, quantities and times inside SPEC §2's ranges, and a stream's
/// back-pointer below the event's own seq. An event that passes can be folded without a trap,
/// without an allocation sized by one of its numbers, and with every id number resolving to a
/// name (when the dictionaries are as dense as their counts, which verify checks).
struct EventBounds: Sendable {
    /// How many orders, customers and skus the dictionaries name.
    let orders: Int
    let customers: Int
    let skus: Int

    /// What is wrong with `event`, logged at `seq`, or `nil` when every number is in bounds.
    /// Allocates nothing unless it finds something.
    // Always inlined: it runs for every event a replay folds.
    @inline(__always)
    func problem(with event: EncodedEvent, seq: UInt64) -> String? {
        guard event.order.index < orders else { return "order number \(event.order.index) has no id (\(orders) orders)" }
        guard event.version >= 1, event.previousSeq < seq else {
            return "version \(event.version) of order number \(event.order.index) points back to seq \(event.previousSeq)"
        }
        guard event.at.isInSpecRange else { return "its time \(event.at.milliseconds) ms is outside 1970–9999" }
        guard event.kind == .placed else {
            let allowed =
                event.kind == .paid || event.kind == .refunded ? LedgerLimits.amount : 0...LedgerLimits.amount.upperBound
            return allowed.contains(event.amount) ? nil : "a \(event.kind) event has amount \(event.amount)"
        }
        return placementProblem(event)
    }

    private func placementProblem(_ event: EncodedEvent) -> String? {
        guard event.customer.index < customers else {
            return "customer number \(event.customer.index) has no id (\(customers) customers)"
        }
        guard event.currency.isCode else { return "its currency 0x\(String(event.currency.packed, radix: 16)) is not a code" }
        guard LedgerLimits.linesPerOrder.contains(event.lineCount) else { return "it places \(event.lineCount) lines" }
        var total: Int64 = 0
        var items: Int64 = 0
        for line in event.lines {
            guard line.sku.index < skus else { return "sku number \(line.sku.index) has no id (\(skus) skus)" }
            guard LedgerLimits.quantity.contains(Int64(line.quantity)), LedgerLimits.unitPrice.contains(line.unitPrice) else {
                return "a line has quantity \(line.quantity) at unit price \(line.unitPrice)"
            }
            // Cannot overflow: a product is at most 10^6 × 10^12, and the total before it at most 10^15.
            total += Int64(line.quantity) * line.unitPrice
            items += Int64(line.quantity)
            guard total <= LedgerLimits.orderTotal.upperBound else { return "its lines add up to more than 10^15" }
        }
        guard total == event.amount, items == event.itemCount else {
            return "its total \(event.amount) or item count \(event.itemCount) is not what its lines add up to"
        }
        return nil
    }
}
