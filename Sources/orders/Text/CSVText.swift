import FoundationEssentials
import Glibc

/// Writes RFC 4180 CSV: a header row, then rows; fields quoted when they need it; CRLF endings.
/// CSV is exact, for programs, except on a terminal: there a person reads it, and a field's
/// control characters are shown escaped (`terminalSafe`), so that text from a batch or a store
/// cannot drive the terminal.
enum CSVText {
    /// Whether standard output is a terminal.
    static let standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1

    /// The rows for standard output.
    static func render(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map { field($0) }.joined(separator: ",") + "\r\n" }.joined()
    }

    /// `value` as a field, its control characters escaped when `forTerminal`.
    static func field(_ value: String, forTerminal: Bool = standardOutputIsTerminal) -> String {
        let value = forTerminal ? value.terminalSafe : value
        // Bytes, not characters: "\r\n" is one character, equal to neither "\r" nor "\n".
        guard value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D })
        else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }
}
