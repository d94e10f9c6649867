import Foundation
import LedgerDomain

/// Colour for people at a terminal: only when standard output is a terminal and `NO_COLOR` is unset.
struct TerminalStyle {
    let colours: Bool

    static let standardOutput = TerminalStyle(
        colours: isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)

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

    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
