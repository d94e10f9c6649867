import BatchGenerator
import Crypto
import Foundation
import LedgerDomain
import LedgerServices
import TestSupport
import Testing

@testable import LedgerStore

/// The log's hash chain: any changed, deleted or reordered event makes `verify` fail naming the
/// first affected seq, and a digest recorded earlier catches a rewrite that recomputed the stored
/// chain too. Stores of 1,000 orders span several links (`ChainLink.span` seqs each).
struct HashChainTests {
    let directory = TemporaryDirectory()
    var path: String { directory.path + "/store" }

    /// Imports a generated batch (15 % bad records) in commits of `chunkSize` records, and closes it.
    func makeStore(chunkSize: Int, orders: Int = 1_000) throws {
        let settings = GeneratorSettings(orders: orders, seed: 31, badShare: 0.15, customers: 40, skus: 20)
        _ = try GeneratedStore.make(in: directory, settings, chunkSize: chunkSize)
    }

    func verify(expecting expected: ChainDigest? = nil) throws -> VerifyReport {
        try Verifier(store: try LedgerStore(path: path, readOnly: true)).verify(expecting: expected)
    }

    /// The seq of a log or chain key (big-endian).
    static func seq(_ key: [UInt8]) -> UInt64 { key.reduce(0) { $0 << 8 | UInt64($1) } }

    /// The chain's links: the seq each ends at.
    func linkEnds() throws -> [UInt64] {
        try StoreFixture.entries(database: "chain", at: path).map { Self.seq($0.key) }
    }

    /// The first chain line `verify` gives when the first change is at `seq`.
    func expectedLine(firstChangeAt seq: UInt64) -> String { "chain: the bytes of seq \(seq) no longer match the chain" }

    @Test func anUntouchedStoreVerifiesAndVerifyAndStatsGiveTheSameHead() throws {
        try makeStore(chunkSize: 97)
        let report = try verify()
        #expect(report.isConsistent, "\(report.differences)")
        let head = try #require(report.chain)
        #expect(head.seq == UInt64(report.events) && head.seq > 300)
        #expect(try LedgerStore(path: path, readOnly: true).statistics().chain == head)
        #expect(try verify(expecting: head).isConsistent)
        #expect(try verify(expecting: ChainDigest(seq: 0, digest: ChainLink.genesis)).isConsistent)
        // A link ends at every multiple of the span, and one at the head.
        let span = ChainLink.span
        #expect(head.seq > 2 * span)
        #expect(try linkEnds() == Array(stride(from: span, to: head.seq, by: Int(span))) + [head.seq])
    }

    @Test func aPageOfTheLogCarriesTheDigestAtItsLastEvent() throws {
        try makeStore(chunkSize: 97)
        let store = try LedgerStore(path: path, readOnly: true)
        let ends = try linkEnds()
        let head = try #require(try store.statistics().chain)
        #expect(try store.page(after: 0, limit: Int(head.seq), names: .init()).chain == head)
        for last in [ends[0] - 1, ends[0], ends[0] + 1, ends[2] + 5] {
            let page = try store.page(after: last / 2, limit: Int(last - last / 2), names: .init())
            let digest = try #require(page.chain)
            #expect(digest.seq == last, "a page ending at \(last)")
            #expect(try verify(expecting: digest).isConsistent, "a page ending at \(last)")
        }
    }

    @Test(arguments: [1, 97])
    func aFlippedByteAnywhereInAnyEventIsFoundAtItsSeq(chunkSize: Int) throws {
        try makeStore(chunkSize: chunkSize, orders: chunkSize == 1 ? 400 : 1_000)
        let log = try StoreFixture.entries(database: "log", at: path)
        var random = SplitMix64(seed: 7 + UInt64(chunkSize))
        for _ in 0..<16 {
            let index = Int(random.next() % UInt64(log.count))
            let (key, event) = log[index]
            let seq = Self.seq(key)
            var damaged = event
            let position = Int(random.next() % UInt64(event.count))
            damaged[position] ^= UInt8(1 << (random.next() % 8))
            try StoreFixture.put(damaged, key: key, database: "log", at: path)
            let report = try verify()
            #expect(
                report.differences.first == expectedLine(firstChangeAt: seq),
                "seq \(seq), byte \(position): \(report.differences.prefix(2))")
            try StoreFixture.put(event, key: key, database: "log", at: path)
        }
        #expect(try verify().isConsistent)
    }

    @Test func aDeletedEventIsNamedExactly() throws {
        try makeStore(chunkSize: 97)
        let log = try StoreFixture.entries(database: "log", at: path)
        let middle = log[log.count / 2].key
        let seq = Self.seq(middle)
        try StoreFixture.delete(key: middle, database: "log", at: path)
        let report = try verify()
        #expect(report.differences.first == "chain: seq \(seq) is missing: the log goes from seq \(seq - 1) to \(seq + 1)")
        #expect(!report.isConsistent)

        let last = log[log.count - 1].key
        try StoreFixture.put(log[log.count / 2].value, key: middle, database: "log", at: path)
        try StoreFixture.delete(key: last, database: "log", at: path)
        let head = UInt64(log.count)
        #expect(
            try verify().differences.first
                == "chain: seq \(head) is missing: the log ends at seq \(head - 1), the chain at seq \(head)")
    }

    @Test func reorderedEventsAreFoundAtTheFirstOfThem() throws {
        try makeStore(chunkSize: 97)
        let log = try StoreFixture.entries(database: "log", at: path)
        var random = SplitMix64(seed: 3)
        for _ in 0..<6 {
            let a = Int(random.next() % UInt64(log.count - 1))
            let b = a + 1 + Int(random.next() % UInt64(min(150, log.count - a - 1)))
            try StoreFixture.put(log[b].value, key: log[a].key, database: "log", at: path)
            try StoreFixture.put(log[a].value, key: log[b].key, database: "log", at: path)
            let report = try verify()
            #expect(
                report.differences.first == expectedLine(firstChangeAt: UInt64(a + 1)), "\(a + 1) ↔ \(b + 1)")
            try StoreFixture.put(log[a].value, key: log[a].key, database: "log", at: path)
            try StoreFixture.put(log[b].value, key: log[b].key, database: "log", at: path)
        }
        #expect(try verify().isConsistent)
    }

    @Test func aRewriteThatRecomputedTheChainIsCaughtByADigestRecordedEarlier() throws {
        try makeStore(chunkSize: 97)
        let recorded = try #require(try verify().chain)
        // Rewrite history: move one event's time by a millisecond, then recompute the chain (as an
        // upgrade from format 3 does) and rebuild the read models, so nothing else gives it away.
        let log = try StoreFixture.entries(database: "log", at: path)
        let (key, event) = log[log.count / 3]
        var rewritten = event
        rewritten[EventLayout.at] ^= 1
        try StoreFixture.put(rewritten, key: key, database: "log", at: path)
        try StoreFixture.turnIntoFormat3(at: path)
        do {
            let store = try LedgerStore(path: path, durable: false)
            #expect(store.foundFormat == 3)
            _ = try Rebuilder(store: store).rebuild()
        }
        let report = try verify()
        #expect(report.isConsistent, "\(report.differences)")
        #expect(report.chain?.seq == recorded.seq && report.chain != recorded)
        let caught = try verify(expecting: recorded)
        #expect(
            caught.differences == [
                "chain: at seq \(recorded.seq) the log gives \(report.chain!.hex), not the \(recorded.hex) expected: "
                    + "the history up to seq \(recorded.seq) was rewritten"
            ])
    }

    @Test func aWrongDigestInsideALinkOrOnePastTheHeadIsNotConfirmed() throws {
        try makeStore(chunkSize: 97)
        let head = try #require(try verify().chain)
        let ends = try linkEnds()
        let inside = try #require((1..<head.seq).first { !ends.contains($0) })
        let differences = try verify(expecting: ChainDigest(seq: inside, digest: head.digest)).differences
        #expect(differences.count == 1)
        #expect(differences.first?.hasPrefix("chain: at seq \(inside) the log gives ") == true, "\(differences)")
        #expect(differences.first?.hasSuffix("the history up to seq \(inside) was rewritten") == true)
        #expect(
            try verify(expecting: ChainDigest(seq: head.seq + 5, digest: head.digest)).differences == [
                "chain: the log's chain ends at seq \(head.seq), before the expected seq \(head.seq + 5): events were removed"
            ])
    }

    /// Makes a store and imports one more order after verifying it: the head verify gave before,
    /// and the store.
    func storeGrownAfterVerifying() throws -> (earlier: ChainDigest, store: LedgerStore) {
        try makeStore(chunkSize: 97)
        let earlier = try #require(try verify().chain)
        let store = try LedgerStore(path: path, durable: false)
        let more = directory.file(
            "more.csv", "type,order_id,customer_id,currency,lines,at\nplace,O-9001,C-1,EUR,A-1*1@100,2030-01-01T00:00:00Z\n")
        _ = try Importer(store: store).importFile(more)
        return (earlier, store)
    }

    @Test func anImportRefusesToExtendAnOpenLinkWhoseEventsChanged() throws {
        try makeStore(chunkSize: 97)
        let log = try StoreFixture.entries(database: "log", at: path)
        let head = UInt64(log.count)
        #expect(head % ChainLink.span != 0, "the last link is open")
        var changed = log[log.count - 1].value
        changed[EventLayout.at] ^= 1
        try StoreFixture.put(changed, key: log[log.count - 1].key, database: "log", at: path)
        let before = try StoreFixture.entries(database: "chain", at: path)
        let store = try LedgerStore(path: path, durable: false)
        let more = directory.file(
            "more.csv", "type,order_id,customer_id,currency,lines,at\nplace,O-9001,C-1,EUR,A-1*1@100,2030-01-01T00:00:00Z\n")
        #expect(throws: StoreError.damagedLog(seq: head, detail: "its bytes no longer match the hash chain")) {
            try Importer(store: store).importFile(more)
        }
        #expect(try store.headSeq() == head)
        #expect(try StoreFixture.entries(database: "chain", at: path).map(\.value) == before.map(\.value))
    }

    @Test func statsShowsNoDigestOfAChainThatDoesNotEndAtTheLogsHead() throws {
        try makeStore(chunkSize: 97)
        let links = try StoreFixture.entries(database: "chain", at: path)
        let head = Self.seq(links[links.count - 1].key)
        try StoreFixture.delete(key: links[links.count - 1].key, database: "chain", at: path)
        let before = Self.seq(links[links.count - 2].key)
        #expect(
            throws: StoreError.corrupt(
                "the hash chain ends at seq \(before) but the log at seq \(head); orders verify says where they part")
        ) { try LedgerStore(path: path, readOnly: true).statistics() }
    }

    @Test func anEarlierHeadStillConfirmsAfterMoreImports() throws {
        let (earlier, _) = try storeGrownAfterVerifying()
        let now = try #require(try verify().chain)
        #expect(now.seq > earlier.seq)
        #expect(try verify(expecting: earlier).isConsistent)
    }

    @Test func aCheckUpToAnEarlierHeadChecksWhatASnapshotAtThatHeadSaw() throws {
        // verify's chain thread opens its snapshot after the replay's: it checks only up to the
        // head the replay saw, and a commit made in between is neither checked nor an error.
        let (earlier, store) = try storeGrownAfterVerifying()
        let seen = ChainCheck.Extent(log: earlier.seq, chain: earlier.seq)
        let check = try store.read { try ChainCheck($0, as: seen, expected: earlier, shouldStop: { false }) }
        #expect(check.head == earlier)
        #expect(check.problems.isEmpty, "\(check.problems)")
        let whole = try store.read { try ChainCheck($0, expected: nil, shouldStop: { false }) }
        #expect(whole.head.seq == earlier.seq + 1 && whole.problems.isEmpty)
    }

    @Test func aLinkHashesItsEventsAsOneRunWhateverTheirSizes() throws {
        // The link hands the hasher runs of about 64 KiB: events that end a run, straddle one or
        // are larger than one give the digest of the bytes as one stream.
        let previous = (0..<32).map { UInt8($0) }
        let sizes = [0, 1, 65_000, 600, 70_000, 3] + Array(repeating: 333, count: 400)
        var link = ChainLink(after: previous)
        var stream = previous
        for (index, size) in sizes.enumerated() {
            let seq = UInt64(index + 1)
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
            bytes.withUnsafeBytes { link.add(seq: seq, $0) }
            stream += withUnsafeBytes(of: seq.bigEndian) { Array($0) }
            stream += withUnsafeBytes(of: UInt32(size).littleEndian) { Array($0) }
            stream += bytes
        }
        #expect(link.digest() == Array(SHA256.hash(data: stream)))
        #expect(link.digest() == link.digest())
    }

    @Test func digestsReadAndPrintAsHexAtSeq() throws {
        let digest = ChainDigest(seq: 42, digest: (0..<32).map { UInt8($0 * 7) })
        #expect(ChainDigest(digest.description) == digest)
        #expect(ChainDigest(digest.description.uppercased()) == digest)
        #expect(digest.hex.count == 64)
        for bad in [
            "", "@1", "\(digest.hex)", "\(digest.hex)@", "\(digest.hex)@-1", "\(digest.hex.dropLast())@1", "\(digest.hex)0@1",
        ] {
            #expect(ChainDigest(bad) == nil, "\(bad)")
        }
    }
}
