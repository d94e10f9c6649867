internal import LMDB
import LedgerDomain
public import LedgerServices

extension LedgerStore: EventLogReading {
    /// Reads a page of the log, the history's digest at its last event and the ids named
    /// since `names`, in one snapshot; a seq or a dense number out of its place is a damaged store.
    public func page(after seq: UInt64, limit: Int, names: EventLogPage.NameCounts) throws -> EventLogPage {
        try read { ledger in
            let head = try ledger.headSeq()
            let events: [OrderEvent] = try ledger.scan(\.log, from: BigEndianKey64(seq + 1)) { entries in
                var events: [OrderEvent] = []
                for entry in entries.prefix(limit) {
                    guard entry.key.count == 8, LedgerTransaction.seq(entry.key) == seq + 1 + UInt64(events.count) else {
                        throw StoreError.corrupt("the log has a gap after seq \(seq + UInt64(events.count))")
                    }
                    events.append(try EventCodec.decode(entry.value).event)
                }
                return events
            }
            let last = seq + UInt64(events.count)
            let chain = try ledger.hasChain ? ledger.chainDigest(at: last).map { ChainDigest(seq: last, digest: $0) } : nil
            return EventLogPage(
                headSeq: head, firstSeq: seq + 1, events: events, chain: chain,
                orderIDs: try Self.names(ledger, \.orderNames, from: names.orders),
                customerIDs: try Self.names(ledger, \.customerNames, from: names.customers),
                skus: try Self.names(ledger, \.skuNames, from: names.skus))
        }
    }

    /// The ids of `table` numbered from `first` on, in number order.
    private static func names(_ ledger: LedgerTransaction, _ table: LedgerTransaction.Table, from first: Int) throws -> [String] {
        try ledger.scan(table, from: BigEndianKey32(UInt32(first))) { entries in
            var names: [String] = []
            for entry in entries {
                guard entry.key.count == 4, Int(BigEndianKey32.decode(entry.key)) == first + names.count else {
                    throw StoreError.corrupt("the ids numbered from \(first) have a gap after \(first + names.count)")
                }
                names.append(String(decoding: entry.value, as: UTF8.self))
            }
            return names
        }
    }
}
