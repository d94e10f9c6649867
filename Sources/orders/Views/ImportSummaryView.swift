import LedgerPresentation
import LedgerServices

/// Renders import summaries: an aligned table for people, a JSON array for programs (SPEC §5).
enum ImportSummaryView {
    static func json(_ summaries: [ImportSummary]) -> String {
        let objects = summaries.map { summary -> String in
            if let error = summary.fileError {
                return "{\"file\":\(JSONText.quote(summary.file)),\"file_error\":true,\"error\":\(JSONText.quote(error))}"
            }
            var fields = [
                "\"file\":\(JSONText.quote(summary.file))",
                "\"records\":\(summary.records)",
                "\"accepted\":\(summary.accepted)",
                "\"rejected\":\(summary.rejected)",
                "\"duplicates\":\(summary.duplicates)",
                "\"first_seq\":\(summary.firstSeq.map(String.init) ?? "null")",
                "\"last_seq\":\(summary.lastSeq.map(String.init) ?? "null")",
                "\"already_imported\":\(summary.alreadyImported)",
                "\"rolled_back\":\(summary.rolledBack)",
            ]
            if let line = summary.resumedFromLine { fields.append("\"resumed_from_line\":\(line)") }
            if let line = summary.continuedAfterLine { fields.append("\"continued_after_line\":\(line)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",\n ") + "]\n"
    }

    /// The table, one row per file.
    static func table(_ summaries: [ImportSummary]) -> String {
        let header = ["FILE", "RECORDS", "ACCEPTED", "REJECTED", "DUPLICATES", "SEQ", "NOTE"]
        let rows = summaries.map { summary -> [String] in
            if let error = summary.fileError { return [summary.file, "-", "-", "-", "-", "-", "file error: \(error)"] }
            let seqs = summary.firstSeq.map { first in "\(first)–\(summary.lastSeq ?? first)" } ?? "-"
            var notes: [String] = []
            if summary.alreadyImported { notes.append("already imported; nothing changed") }
            if let line = summary.continuedAfterLine { notes.append("continues an imported batch after line \(line)") }
            if let line = summary.resumedFromLine { notes.append("resumed at line \(line)") }
            if summary.rolledBack { notes.append("--atomic: rejections found, nothing applied") }
            return [
                summary.file, "\(summary.records)", "\(summary.accepted)", "\(summary.rejected)",
                "\(summary.duplicates)", seqs, notes.joined(separator: "; "),
            ]
        }
        let hasNotes = rows.contains { !$0[6].isEmpty }
        let table = TextTableRenderer.render(
            header: hasNotes ? header : Array(header.dropLast()), rows: hasNotes ? rows : rows.map { Array($0.dropLast()) },
            rightAligned: [1, 2, 3, 4])
        return table
    }

    /// The summary's last line: the `orders diff` that shows what the files changed, when they
    /// appended any event; none for a dry run (`trial`), which committed nothing.
    static func whatChanged(_ summaries: [ImportSummary], trial: Bool) -> String {
        guard !trial, let first = summaries.compactMap(\.firstSeq).min() else { return "" }
        return "What changed: orders diff --from \(first - 1)\n"
    }
}
