public import LedgerDomain

/// One row of `orders blame` (SPEC §11): an event of the order and the record that made it.
/// `file`, `line` and `batch` are `nil` for an event logged before the store kept provenance;
/// `commandID` when the record had none.
public struct BlameEntry: Hashable, Sendable {
    public let seq: UInt64
    public let version: UInt32
    public let kind: EventKind
    public let at: Timestamp
    public let file: String?
    public let line: Int?
    /// The SHA-256 (lower-case hex) of the batch whose record made the event.
    public let batch: String?
    public let commandID: String?

    public init(
        seq: UInt64, version: UInt32, kind: EventKind, at: Timestamp, file: String?, line: Int?, batch: String?,
        commandID: String?
    ) {
        self.seq = seq
        self.version = version
        self.kind = kind
        self.at = at
        self.file = file
        self.line = line
        self.batch = batch
        self.commandID = commandID
    }
}
