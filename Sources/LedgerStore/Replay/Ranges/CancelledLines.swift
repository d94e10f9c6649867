internal import LMDB
internal import LedgerDomain

/// Cancels whose lines are taken back from the sku rows later, all at once. A cancel takes back
/// the lines of its order's `placed` event, which lies anywhere before it in the log: when the
/// replay drops the map's pages as it goes (a rebuild, verify), reading each one where and when
/// the cancel comes would map it again (and the kernel maps the pages around it too), or copy it
/// with a system call each. Kept here, they are read in address order once the range or the
/// partition of deferred events is folded: each page is mapped once, and dropped again when the
/// pages mapped pass the replay's budget. Folding is additive: the rows come out the same.
// Safe: each `placedEvent` points at a placed event checked when it was folded, in the map of a
// replay transaction that stays open until the join ends.
struct CancelledLines {
    private struct Cancel {
        let placedEvent: UnsafeRawPointer
        let lineCount: Int
        let currency: Currency
    }

    private var cancels: [Cancel] = []

    /// How many cancels are read between two looks at the pages mapped (a power of two).
    private static let releaseInterval = 1 << 10

    /// The bytes of the data file's pages mapped at most while the cancels are read, and while the
    /// join reads its deferred events (`DeferredFold`), give or take what one look's interval
    /// maps: far less than a scan's `ReplayCore.mappedBudget`, since the pages are read in order
    /// and never again, and the orders and both threads' rows are all held meanwhile (the
    /// replay's peak of resident memory).
    static let mappedBudget = 16 << 20

    /// Keeps a cancel of the order whose `placed` event lies at `placedEvent`, with its first
    /// `lineCount` lines, in `currency`.
    mutating func add(placedEventAt placedEvent: UnsafeRawPointer, lineCount: Int, currency: Currency) {
        cancels.append(Cancel(placedEvent: placedEvent, lineCount: lineCount, currency: currency))
    }

    /// Takes back every cancel's lines from `rows`, reading the `placed` events in address order
    /// and dropping the pages of `region` whenever more than `mappedBudget` are mapped;
    /// empties the list.
    mutating func takeBack(from rows: inout some ReadModelSink, releasing region: MappedRegion?) {
        cancels.sort { $0.placedEvent < $1.placedEvent }
        for (index, cancel) in cancels.enumerated() {
            if index & (Self.releaseInterval - 1) == Self.releaseInterval - 1 {
                region?.releasePages(ifMappedOver: Self.mappedBudget)
            }
            ReadModelFold.takeBack(
                EncodedEvent.lines(ofPlacedEventAt: cancel.placedEvent, count: cancel.lineCount), in: cancel.currency,
                from: &rows)
        }
        cancels = []
    }
}
