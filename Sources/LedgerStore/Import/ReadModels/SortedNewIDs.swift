internal import LedgerServices
import Synchronization

/// The ids an import named, sorted into the key order of their `…_ids` databases on a thread of
/// their own while the import's last chunk is written: the write-back of the orders and rows goes
/// on meanwhile on the writing thread, where sorting them after it held up the import's end on
/// one core. The ids come from the import's id tables, which hold every id its chunks named, and
/// are used only if they are exactly the ones `…_ids` lacks (`LedgerTransaction.indexIDs`).
final class SortedNewIDs: Sendable {
    private let thread: BackgroundThread<[ReadModelName: UnmappedIDs]>
    private let sorted = Mutex<[ReadModelName: UnmappedIDs]?>(nil)

    /// Sorts the ids of `held` numbered from `mapped` on (by read model: how many ids its `…_ids`
    /// mapped when the last chunk began), and frees `held`.
    init(_ held: [ReadModelName: HeldIDEntries], mapped: [ReadModelName: Int]) {
        thread = BackgroundThread {
            var sorted: [ReadModelName: UnmappedIDs] = [:]
            for (model, entries) in held {
                defer { entries.deallocate() }
                if let first = mapped[model] { sorted[model] = UnmappedIDs(entries, from: first) }
            }
            return sorted
        }
    }

    /// The ids of `model` sorted, waiting for them (`nil`: none).
    func ids(of model: ReadModelName) -> UnmappedIDs? {
        sorted.withLock { sorted in
            if sorted == nil { sorted = (try? thread.wait()) ?? [:] }
            return sorted?[model]
        }
    }
}
