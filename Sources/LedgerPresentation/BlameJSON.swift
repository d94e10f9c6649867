import LedgerDomain
public import LedgerServices

/// What `orders blame ID --format json` prints, and `/api/orders/{id}/blame` answers.
public enum BlameJSON {
    public static func render(_ entries: [BlameEntry]) -> String {
        JSONObject.array(entries.map(object)) + "\n"
    }

    /// One event's object: `file`, `line` and `batch` are left out for an event logged before the
    /// store kept provenance, `command_id` when its record had none.
    static func object(_ entry: BlameEntry) -> String {
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
}
