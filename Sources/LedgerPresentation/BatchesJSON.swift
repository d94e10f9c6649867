import LedgerDomain
public import LedgerServices

/// What `orders batches --format json` prints, and `/api/batches` answers.
public enum BatchesJSON {
    public static func render(_ rows: [BatchRow]) -> String {
        JSONObject.array(rows.map(object)) + "\n"
    }

    /// The JSON object of one batch: `first_seq` and `last_seq` are null when it accepted nothing;
    /// `file` and `imported_at` are left out for a batch recorded before the store kept provenance.
    static func object(_ row: BatchRow) -> String {
        var object = JSONObject()
        object.add("batch", row.digest)
        object.add("file", row.file)
        object.add("format", row.format.rawValue)
        object.add("records", row.records)
        object.add("accepted", row.accepted)
        object.add("rejected", row.rejected)
        object.add("duplicates", row.duplicates)
        object.add("first_seq", raw: row.firstSeq.map(String.init) ?? "null")
        object.add("last_seq", raw: row.lastSeq.map(String.init) ?? "null")
        object.add("finished", raw: row.finished ? "true" : "false")
        object.add("imported_at", row.importedAt?.description)
        object.add("continued_after_line", row.continuedAfterLine)
        return object.text
    }
}
