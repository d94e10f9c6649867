import LedgerDomain
import LedgerPresentation
import LedgerServices

/// What an import prints under its summary for a file with rejections: the first few (line,
/// code, message), the number per code, and where all of them are.
enum RejectionDigestView {
    /// `first`: the first records rejected; `countPerCode`: how many per code; `allOfThem`: the
    /// command or file that has every one.
    static func text(
        file: String, rejected: Int, first: [RejectedRecord], countPerCode: [RejectionCode: Int], allOfThem: String
    ) -> String {
        let shown = first.count < rejected ? "the first \(first.count) of \(DigitGrouping.grouped(rejected))" : "\(rejected)"
        var text = "\(file.terminalSafe): \(shown) rejected\n"
        let lines = first.map { "line \($0.line)" }
        let width = lines.map(\.count).max() ?? 0
        let codeWidth = first.map(\.rejection.code.rawValue.count).max() ?? 0
        for (record, line) in zip(first, lines) {
            let code = record.rejection.code.rawValue
            text +=
                "  " + line + String(repeating: " ", count: width - line.count) + "  " + code
                + String(repeating: " ", count: codeWidth - code.count) + "  " + record.rejection.message.terminalSafe + "\n"
        }
        let counts = countPerCode.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        text += "  by code: " + counts.map { "\($0.key.rawValue) \(DigitGrouping.grouped($0.value))" }.joined(separator: ", ")
        return text + "\n  all of them: \(allOfThem)\n"
    }
}
