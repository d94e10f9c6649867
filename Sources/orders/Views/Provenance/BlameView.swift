import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders blame` (SPEC §11): an order's events with the record behind each, the table
/// as `git blame` reads: `seq  version  type  at  file:line  batch(8)  command_id`.
enum BlameView {
    static let csvHeader = ["seq", "version", "type", "at", "file", "line", "batch", "command_id"]

    static func render(_ entries: [BlameEntry], format: QueryFormat) -> String {
        switch format {
        case .json: return BlameJSON.render(entries)
        case .csv: return CSVText.render(header: csvHeader, rows: entries.map(csvRow))
        case .table:
            let rows = entries.map { entry in
                [
                    "\(entry.seq)", "\(entry.version)", entry.kind.description, entry.at.description,
                    entry.file.map { "\($0):\(entry.line ?? 0)" } ?? "(before provenance)",
                    entry.batch.map { String($0.prefix(8)) } ?? "-", entry.commandID ?? "-",
                ]
            }
            return TextTableRenderer.render(
                header: ["SEQ", "V", "TYPE", "AT", "FILE:LINE", "BATCH", "COMMAND_ID"], rows: rows, rightAligned: [0, 1])
        }
    }

    static func csvRow(_ entry: BlameEntry) -> [String] {
        [
            "\(entry.seq)", "\(entry.version)", entry.kind.description, entry.at.description, entry.file ?? "",
            entry.line.map(String.init) ?? "", entry.batch ?? "", entry.commandID ?? "",
        ]
    }
}
