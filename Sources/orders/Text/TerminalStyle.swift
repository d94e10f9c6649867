import FoundationEssentials
import LedgerDomain

/// Colour for people at a terminal, as `--color` decides (`colours(_:environment:isTerminal:)`).
struct TerminalStyle {
    let colours: Bool

    /// The environment variables `colours` reads.
    static let variables = ["NO_COLOR", "FORCE_COLOR", "TERM"]

    /// Whether to colour: `never` and `always` decide; `auto` colours when `NO_COLOR` is unset or
    /// empty and either `FORCE_COLOR` is set to anything but `0` (also when not a terminal) or
    /// standard output is a terminal whose `TERM` is not `dumb` (the conventions of no-color.org
    /// and force-color.org).
    static func colours(_ choice: ColorChoice, environment: [String: String], isTerminal: Bool) -> Bool {
        switch choice {
        case .never: return false
        case .always: return true
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
            return isTerminal && environment["TERM"] != "dumb"
        }
    }

    func status(_ status: OrderStatus) -> String {
        let code =
            switch status {
            case .placed: "33"
            case .partiallyPaid: "33"
            case .paid: "36"
            case .shipped: "34"
            case .delivered: "32"
            case .cancelled: "31"
            }
        return paint(status.description, code)
    }

    func bold(_ text: String) -> String { paint(text, "1") }

    /// `text` in the colour of the `index`th series of a chart (a currency), the colours taken in
    /// turn.
    func series(_ text: String, index: Int) -> String {
        let codes = ["36", "33", "35", "32", "34", "31"]
        return paint(text, codes[index % codes.count])
    }

    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
