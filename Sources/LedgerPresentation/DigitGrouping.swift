/// Numbers for people: whole units grouped by three with commas (`5,200`, `10,000,000.00`),
/// the same in every locale so that output never depends on where it runs. Tables only: JSON and
/// CSV keep plain digits.
public enum DigitGrouping {
    /// `5,200` for 5200.
    public static func grouped(_ value: some BinaryInteger) -> String { grouped(number: String(value)) }

    /// `number` (an optional `-`, digits, then anything from the first non-digit on, such as a
    /// fraction) with its leading digits grouped by three.
    public static func grouped(number: String) -> String {
        let sign = number.hasPrefix("-") ? "-" : ""
        let unsigned = number.dropFirst(sign.count)
        let whole = unsigned.prefix(while: \.isASCIIDigit)
        guard whole.count > 3 else { return number }
        var text = sign
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text + unsigned.dropFirst(whole.count)
    }
}

extension Character {
    /// Whether this is one of 0–9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
