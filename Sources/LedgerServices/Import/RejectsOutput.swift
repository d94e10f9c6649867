/// Where an import writes rejected records (`--rejects`). The rejections of each chunk are
/// written and flushed before the chunk commits, so a write that fails commits nothing more.
public protocol RejectsOutput: AnyObject {
    /// Writes `records` (in line order) and flushes them. `chunk` numbers the writes of one
    /// importer; a chunk whose commit is retried (the store's map grew) calls this again with the
    /// same `chunk`: replace what that call wrote.
    func write(_ records: [RejectedRecord], chunk: Int) throws
}
