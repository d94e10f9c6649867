internal import LedgerDomain

/// How an import finds what the store holds: by loading whole tables into memory once (`loaded`:
/// every id, and the read model rows by blocks), or one B-tree lookup at a time (`pointwise`), so
/// that a batch small against the store costs what its records touch, not what the store holds.
enum LookupMode: Equatable {
    case loaded
    case pointwise

    /// Point-wise when the records the file's `bytes` left can hold are a small share of the
    /// orders stored (`storedOrders`): a lookup in a B-tree costs many times what loading one id
    /// costs, and a small import meets a few ids for each record.
    static func choose(bytesLeft bytes: UInt64, format: RecordFormat, storedOrders: Int) -> LookupMode {
        // The shortest record (three fields, one of them a timestamp) in CSV; JSON Lines adds the names.
        let mostRecords = bytes / (format == .jsonl ? 48 : 24)
        return mostRecords < UInt64(max(0, storedOrders)) / 32 ? .pointwise : .loaded
    }
}
