import LedgerServices
import LedgerStore

/// Collects the rejections an import writes, as `--rejects` would (a retried chunk replaces its
/// earlier write); `failAt` makes the write of that chunk (with records) fail.
final class RejectsCollector: RejectsOutput {
    private(set) var records: [RejectedRecord] = []
    private var chunkStart: (chunk: Int, count: Int)?
    let failAt: Int?

    init(failAt: Int? = nil) { self.failAt = failAt }

    struct Refused: Error {}

    func write(_ records: [RejectedRecord], chunk: Int) throws {
        if let chunkStart, chunkStart.chunk == chunk {
            self.records.removeLast(self.records.count - chunkStart.count)
        } else {
            chunkStart = (chunk, self.records.count)
        }
        if let failAt, chunk >= failAt, !records.isEmpty { throw Refused() }
        self.records += records
    }
}
