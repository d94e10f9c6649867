import LedgerDomain
import LedgerPresentation
import LedgerServices

/// The orders of `orders diff` for people, laid out as `TextTableRenderer` lays out a table but
/// written row by row into the buffer, without a row's cells kept: a first pass over the orders
/// finds the columns' widths, a second writes the rows, each amount's grouped digits straight into
/// the buffer (`MoneyText.write(amount:places:into:)`).
struct DiffOrdersTable {
    private static let header = ["ORDER", "BEFORE", "AFTER", "EVENTS", "PAID", "REFUNDED"]
    private static let rightAligned: Set<Int> = [3, 4, 5]
    private let orders: any ChangedOrders
    private var widths: [Int]
    /// The decimals of each currency met (`MoneyText.decimals`), by packed code: a table has few.
    private var decimals: [(currency: UInt32, places: Int)] = []

    /// An id as shown: its own bytes, or the text that makes it safe for a terminal.
    private enum ShownID {
        case plain(UnsafeRawBufferPointer)
        case text(String)

        /// The columns it takes, as `TextTableRenderer` counts them.
        var width: Int {
            switch self {
            case .plain(let bytes): bytes.count
            case .text(let text): text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
            }
        }

        func append(to output: OutputBuffer) {
            switch self {
            case .plain(let bytes): output.append(utf8: bytes)
            case .text(let text): output.append(text)
            }
        }
    }

    /// `orders`: sorted as shown.
    init(_ orders: any ChangedOrders) throws {
        self.orders = orders
        widths = Self.header.map(\.count)
        var found = widths
        var decimals = self.decimals
        try orders.walk { order, id in
            found[0] = max(found[0], Self.withShownID(id) { $0.width })
            found[1] = max(found[1], Self.before(order).utf8CodeUnitCount)
            found[2] = max(found[2], order.statusAfter.word.utf8CodeUnitCount)
            found[3] = max(found[3], Self.digits(order.events))
            let places = Self.places(order.currency, &decimals)
            found[4] = max(found[4], 4 + MoneyText.width(ofAmount: order.paid, places: places))
            found[5] = max(found[5], 4 + MoneyText.width(ofAmount: order.refunded, places: places))
        }
        widths = found
        self.decimals = decimals
    }

    /// Writes the header and one line per order.
    func write(to output: OutputBuffer) throws {
        output.append(TextTableRenderer.line(Self.header, widths: widths, rightAligned: Self.rightAligned))
        output.append("\n")
        var decimals = self.decimals
        try orders.walk { order, id in
            Self.withShownID(id) { shown in
                shown.append(to: output)
                output.append(spaces: widths[0] - shown.width + 2)
            }
            let before = Self.before(order)
            output.append(static: before)
            output.append(spaces: widths[1] - before.utf8CodeUnitCount + 2)
            let after = order.statusAfter.word
            output.append(static: after)
            output.append(spaces: widths[2] - after.utf8CodeUnitCount + 2)
            output.append(spaces: widths[3] - Self.digits(order.events))
            output.append(order.events)
            let places = Self.places(order.currency, &decimals)
            let paid = MoneyText.width(ofAmount: order.paid, places: places)
            output.append(spaces: widths[4] - 4 - paid + 2)
            output.append(money: order.paid, order.currency, places: places, width: paid)
            let refunded = MoneyText.width(ofAmount: order.refunded, places: places)
            output.append(spaces: widths[5] - 4 - refunded + 2)
            output.append(money: order.refunded, order.currency, places: places, width: refunded)
            output.append(static: "\n")
            try output.writeIfFull()
        }
    }

    private static func before(_ order: TouchedOrder) -> StaticString { order.statusBefore?.word ?? "(new)" }

    /// Calls `body` with the id as a person is shown it (`terminalSafe`, which leaves printable
    /// ASCII but the backslash as it is): its own bytes when they need no change.
    private static func withShownID<R>(_ id: UnsafeRawBufferPointer, _ body: (ShownID) -> R) -> R {
        if id.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return body(.plain(id)) }
        return body(.text(String(decoding: id, as: UTF8.self).terminalSafe))
    }

    /// The decimals of `currency`, looked up once per currency.
    private static func places(_ currency: Currency, _ known: inout [(currency: UInt32, places: Int)]) -> Int {
        if let found = known.first(where: { $0.currency == currency.packed }) { return found.places }
        let places = MoneyText.decimals(currency)
        known.append((currency.packed, places))
        return places
    }

    private static func digits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits + (value < 0 ? 1 : 0)
    }
}
