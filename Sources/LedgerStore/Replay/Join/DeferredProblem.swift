/// A break of the log's invariants found while folding a deferred event, with its seq (the join
/// lists them in log order, whichever thread found them).
struct DeferredProblem: Sendable {
    let seq: UInt64
    let text: String
}
