internal import LMDB
internal import LedgerServices

/// The read models whose checkpoint is some seq below the log's head (an import under way, or one
/// that did not finish, can leave them there), each compared with the log replayed up to its
/// checkpoint: it is consistent when it is what the log gives up to there. One bounded replay per
/// checkpoint, each made and dropped before the next, so that at most one is held at a time.
struct LaggingReadModels: Sendable {
    /// Their checkpoints. (A checkpoint beyond the log or unreadable is not one of them: it is a
    /// difference.)
    let checkpoints: [ReadModelName: UInt64]
    /// What each one's comparison found.
    private(set) var found: [ReadModelName: [String]] = [:]
    /// How many ids the log names up to each one's checkpoint: its `…_ids` map at least those.
    private(set) var namedAtCheckpoint: [ReadModelName: Int] = [:]

    /// Finds them in `ledger` and compares each, replaying with `core`.
    init(
        _ ledger: LedgerTransaction, core: ReplayCore, releasing region: MappedRegion?,
        shouldStop: @escaping @Sendable () -> Bool
    ) throws {
        let head = try ledger.headSeq()
        var checkpoints: [ReadModelName: UInt64] = [:]
        for name in ReadModelName.allCases {
            if let seq = try? ledger.checkpoint(name), seq < head { checkpoints[name] = seq }
        }
        self.checkpoints = checkpoints
        for seq in Set(checkpoints.values).sorted() {
            let bounded = try core.replay(
                in: ledger, asOf: .seq(seq), collectingNames: true, releasingPages: true, progress: { _ in },
                shouldStop: shouldStop)
            if shouldStop() { throw ReplayInterrupted() }
            for model in ReadModelName.allCases where checkpoints[model] == seq {
                found[model] = try Verifier.compare(model, with: bounded, ledger, releasing: region)
                namedAtCheckpoint[model] = bounded.names(of: model).count
            }
        }
    }
}
