import LedgerDomain
import LedgerPresentation
import Testing

@testable import orders

/// A diff's table writes each amount's grouped digits straight into its buffer
/// (`MoneyText.write(amount:places:into:)`, `MoneyText.width(ofAmount:places:)`), and a status's
/// word as a static string: the text that `MoneyText.money` gives and SPEC's status words,
/// for every magnitude, both signs and currencies of 0, 2 and 3 decimals.
struct MoneyDigitsTests {
    static let amounts: [Int64] = {
        var amounts: [Int64] = [0, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1, 5 * power, 9 * power + (power - 1) / 9] {
                amounts += [value, -value]
            }
            if power > Int64.max / 10 { break }
            power *= 10
        }
        return amounts
    }()

    @Test(arguments: ["EUR", "JPY", "KWD"])
    func anAmountWrittenDigitByDigitIsMoneyTextsAmount(code: String) {
        let currency = Currency(code)!
        let places = MoneyText.decimals(currency)
        for amount in Self.amounts {
            let expected = MoneyText.amount(amount, currency)
            let width = MoneyText.width(ofAmount: amount, places: places)
            #expect(width == expected.utf8.count, "\(amount) \(code)")
            let written = [UInt8](unsafeUninitializedCapacity: width) { buffer, count in
                MoneyText.write(amount: amount, places: places, into: UnsafeMutableRawBufferPointer(buffer))
                count = width
            }
            #expect(String(decoding: written, as: UTF8.self) == expected, "\(amount) \(code)")
        }
    }

    @Test func theStatusWordsAreSPECs() {
        let words = OrderStatus.allCases.map { "\($0.word)" }
        #expect(words == ["placed", "partially_paid", "paid", "shipped", "delivered", "cancelled"])
        #expect(OrderStatus.allCases.map(\.description) == words)
    }
}
