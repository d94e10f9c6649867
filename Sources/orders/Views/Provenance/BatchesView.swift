import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders batches` (SPEC §11): one row per batch in commit order.
enum BatchesView {
    static let csvHeader = [
        "batch", "file", "format", "records", "accepted", "rejected", "duplicates", "first_seq", "last_seq", "finished",
        "imported_at", "continued_after_line",
    ]

    static func render(_ rows: [BatchRow], format: QueryFormat) -> String {
        switch format {
        case .json: return BatchesJSON.render(rows)
        case .csv: return CSVText.render(header: csvHeader, rows: rows.map(csvRow))
        case .table:
            guard !rows.isEmpty else { return "No batches: nothing was imported yet.\n" }
            let table = TextTableRenderer.render(
                header: [
                    "#", "BATCH", "FILE", "FORMAT", "RECORDS", "ACCEPTED", "REJECTED", "DUPS", "SEQS", "DONE", "IMPORTED AT",
                ],
                rows: rows.map(tableRow), rightAligned: [0, 4, 5, 6, 7])
            let accepted = rows.reduce(0) { $0 + $1.accepted }
            return table
                + "\(rows.count) batch\(rows.count == 1 ? "" : "es"), \(accepted) event\(accepted == 1 ? "" : "s") accepted\n"
        }
    }

    static func csvRow(_ row: BatchRow) -> [String] {
        [
            row.digest, row.file ?? "", row.format.rawValue, "\(row.records)", "\(row.accepted)", "\(row.rejected)",
            "\(row.duplicates)", row.firstSeq.map(String.init) ?? "", row.lastSeq.map(String.init) ?? "",
            row.finished ? "true" : "false", row.importedAt?.description ?? "", row.continuedAfterLine.map(String.init) ?? "",
        ]
    }

    /// One table row: the digest's first 8 digits, a continuation's file with the line it
    /// continues after, the seqs as a range.
    private static func tableRow(_ row: BatchRow) -> [String] {
        var file = row.file ?? "(before provenance)"
        if let after = row.continuedAfterLine { file += " (after line \(after))" }
        let seqs = row.firstSeq.map { first in "\(first)–\(row.lastSeq ?? first)" } ?? "-"
        return [
            "\(row.number)", String(row.digest.prefix(8)), file, row.format.rawValue, "\(row.records)", "\(row.accepted)",
            "\(row.rejected)", "\(row.duplicates)", seqs, row.finished ? "yes" : "no", row.importedAt?.description ?? "-",
        ]
    }
}
