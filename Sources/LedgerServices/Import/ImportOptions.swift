public import LedgerDomain

/// How `Importer` treats one file.
public struct ImportOptions: Sendable {
    /// The batch format; `nil` chooses by the file name's ending.
    public var format: RecordFormat?
    /// All records or none (SPEC §5 `--atomic`).
    public var atomic: Bool
    /// Records per write transaction (each commit is durable).
    public var chunkSize: Int
    /// Asked between batches of records: `true` abandons the transaction in progress and ends
    /// the import with `ImportInterrupted` (a signal handler sets what it reads).
    public var shouldStop: @Sendable () -> Bool

    /// How long to wait for another import or rebuild of the store (`nil`: as long as it takes).
    public var waitLimit: Double?
    /// Gets the lines to show along the way: while waiting for another import or rebuild, and
    /// before the read models that an import which did not finish left behind are rebuilt.
    public var notice: @Sendable (String) -> Void

    public init(
        format: RecordFormat? = nil, atomic: Bool = false, chunkSize: Int = 65_536,
        shouldStop: @escaping @Sendable () -> Bool = { false }, waitLimit: Double? = nil,
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.format = format
        self.atomic = atomic
        self.chunkSize = chunkSize
        self.shouldStop = shouldStop
        self.waitLimit = waitLimit
        self.notice = notice
    }
}
