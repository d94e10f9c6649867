/// What one mirror run copied.
public struct MirrorReport: Sendable, Equatable {
    /// The seq the database held before the run.
    public var startSeq: UInt64
    /// The seq the database holds now.
    public var seq: UInt64
    /// Transactions committed.
    public var commits: Int

    public init(startSeq: UInt64, seq: UInt64, commits: Int) {
        self.startSeq = startSeq
        self.seq = seq
        self.commits = commits
    }
}
