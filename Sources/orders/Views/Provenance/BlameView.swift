import LedgerDomain
import LedgerPresentation
import LedgerServices

/// Renders `orders blame` (SPEC §11): an order's events with the record behind each, the table
/// as `git blame` reads: `seq  version  type  at  file:line  batch(8)  command_id`.
enum BlameView {
    static let csvHeader = ["seq", "version", "type", "at", "file", "line", "batch", "command_id"]

    static func render(_ entries: [BlameEntry], format: QueryFormat) -> String {
        switch format {
        case .json: return JSONObject.array(entries.map(json)) + "\n"
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

    /// One event's object: `file`, `line` and `batch` are left out for an event logged before the
    /// store kept provenance, `command_id` when its record had none.
    static func json(_ entry: BlameEntry) -> String {
        var object = JSONObject()
        object.add("seq", entry.seq)
        object.add("version", entry.version)
        object.add("type", entry.kind.description)
        object.add("at", entry.at.description)
        object.add("file", entry.file)
        object.add("line", entry.line)
        object.add("batch", entry.batch)
        object.add("command_id", entry.commandID)
        return object.text
    }

    static func csvRow(_ entry: BlameEntry) -> [String] {
        [
            "\(entry.seq)", "\(entry.version)", entry.kind.description, entry.at.description, entry.file ?? "",
            entry.line.map(String.init) ?? "", entry.batch ?? "", entry.commandID ?? "",
        ]
    }
}
