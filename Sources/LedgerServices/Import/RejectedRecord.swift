public import LedgerDomain

/// A record that was not applied, as the rejects file reports it (SPEC §5, §9).
public struct RejectedRecord: Hashable, Sendable {
    /// The batch path exactly as given.
    public let file: String
    public let line: Int
    public let rejection: Rejection
    /// The record as written (the first KiB of an oversized one).
    public let raw: [UInt8]

    public init(file: String, line: Int, rejection: Rejection, raw: [UInt8]) {
        self.file = file
        self.line = line
        self.rejection = rejection
        self.raw = raw
    }
}
