import Synchronization

/// Checks that read one snapshot and do not depend on each other, shared by the threads that run
/// them: each thread takes the next check no thread has taken, so that they end about together
/// whatever share of the work each check is on a given store. Each check's outcome is kept in
/// its place: the lines come out in the checks' order, whichever thread ran them.
final class CheckQueue: Sendable {
    typealias Check = @Sendable (LedgerTransaction) throws -> [String]

    private let checks: [Check]
    private let taken = Atomic<Int>(0)
    private let outcomes: Mutex<[Result<[String], any Error>?]>

    /// `checks`: in the order they are taken (the heaviest first) and their lines given.
    init(_ checks: [Check]) {
        self.checks = checks
        outcomes = Mutex(Array(repeating: nil, count: checks.count))
    }

    /// Runs checks in `ledger` until every one is taken. A check that fails because the data file
    /// grew past the map since `ledger` began (a snapshot opened after a commit) is left undone, and
    /// `ledger` takes no more: `finish` runs it.
    func run(in ledger: LedgerTransaction) {
        while true {
            let index = taken.add(1, ordering: .relaxed).oldValue
            guard index < checks.count else { return }
            let outcome = Result { try checks[index](ledger) }
            if case .failure(let error as StoreError) = outcome, error.isMapResized { return }
            outcomes.withLock { $0[index] = outcome }
        }
    }

    /// Once no other thread runs checks: runs in `ledger` those left undone, and gives every check's
    /// lines in order, or throws the error of the first that failed.
    func finish(in ledger: LedgerTransaction) throws -> [[String]] {
        try checks.indices.map { index in
            let outcome = outcomes.withLock { $0[index] }
            return try outcome?.get() ?? checks[index](ledger)
        }
    }
}
