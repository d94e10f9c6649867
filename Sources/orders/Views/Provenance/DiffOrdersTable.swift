import LedgerDomain
import LedgerPresentation
import LedgerServices

/// The orders of `orders diff` for people, laid out as `TextTableRenderer` lays out a table but
/// written row by row into the buffer, without a row's cells kept: a first pass finds the
/// columns' widths (an amount's text is never narrower than that of a smaller amount of its
/// currency when both are positive, so a currency's widest amounts are its largest and smallest).
struct DiffOrdersTable {
    private static let header = ["ORDER", "BEFORE", "AFTER", "EVENTS", "PAID", "REFUNDED"]
    private static let rightAligned: Set<Int> = [3, 4, 5]
    private let orders: [OrderChange]
    private var widths: [Int]

    /// `orders`: sorted as shown.
    init(_ orders: [OrderChange]) {
        self.orders = orders
        widths = Self.header.map(\.count)
        var mostEvents = 0
        var paid: [Currency: ClosedRange<Int128>] = [:]
        var refunded: [Currency: ClosedRange<Int128>] = [:]
        for order in orders {
            widths[0] = max(widths[0], Self.width(Self.shown(order.orderID)))
            widths[1] = max(widths[1], Self.before(order).utf8.count)
            widths[2] = max(widths[2], order.statusAfter.description.utf8.count)
            mostEvents = max(mostEvents, order.events)
            Self.widen(&paid, order.currency, order.paid)
            Self.widen(&refunded, order.currency, order.refunded)
        }
        widths[3] = max(widths[3], String(mostEvents).utf8.count)
        widths[4] = max(widths[4], Self.widest(paid))
        widths[5] = max(widths[5], Self.widest(refunded))
    }

    /// Writes the header and one line per order.
    func write(to output: OutputBuffer) throws {
        output.append(TextTableRenderer.line(Self.header, widths: widths, rightAligned: Self.rightAligned))
        output.append("\n")
        for order in orders {
            let id = Self.shown(order.orderID)
            output.append(id)
            output.append(spaces: widths[0] - Self.width(id) + 2)
            let before = Self.before(order)
            output.append(before)
            output.append(spaces: widths[1] - before.utf8.count + 2)
            let after = order.statusAfter.description
            output.append(after)
            output.append(spaces: widths[2] - after.utf8.count + 2)
            output.append(spaces: widths[3] - Self.digits(order.events))
            output.append(order.events)
            let paid = MoneyText.money(order.paid, order.currency)
            output.append(spaces: widths[4] - paid.utf8.count + 2)
            output.append(paid)
            let refunded = MoneyText.money(order.refunded, order.currency)
            output.append(spaces: widths[5] - refunded.utf8.count + 2)
            output.append(refunded)
            output.append("\n")
            try output.writeIfFull()
        }
    }

    private static func before(_ order: OrderChange) -> String { order.statusBefore?.description ?? "(new)" }

    /// The id as a person is shown it (`terminalSafe`, which leaves printable ASCII but the
    /// backslash as it is).
    private static func shown(_ id: String) -> String {
        id.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") } ? id : id.terminalSafe
    }

    /// The columns `text` takes, as `TextTableRenderer` counts them.
    private static func width(_ text: String) -> Int { text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count }

    private static func digits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits + (value < 0 ? 1 : 0)
    }

    private static func widen(_ ranges: inout [Currency: ClosedRange<Int128>], _ currency: Currency, _ amount: Int128) {
        if let range = ranges[currency] {
            if !range.contains(amount) { ranges[currency] = min(range.lowerBound, amount)...max(range.upperBound, amount) }
        } else {
            ranges[currency] = amount...amount
        }
    }

    /// The widest text of the amounts of each currency, money as `MoneyText.money` shows it.
    private static func widest(_ ranges: [Currency: ClosedRange<Int128>]) -> Int {
        ranges.map { currency, range in
            max(
                MoneyText.money(range.lowerBound, currency).utf8.count, MoneyText.money(range.upperBound, currency).utf8.count)
        }.max() ?? 0
    }
}
