import Foundation
import LedgerDomain
import LedgerServices
import LedgerStore
import TestSupport
import Testing

struct ImporterTests {
    let directory = TemporaryDirectory()
    var storePath: String { directory.path + "/store" }

    static let header = "type,order_id,customer_id,currency,lines,amount,at,command_id\n"
    static let batch =
        header + """
            place,O-1,C-1,EUR,A*2@1250;B*1@500,,2026-03-01T10:00:00Z,c1
            pay,O-1,,,,1000,2026-03-01T10:01:00Z,c2
            pay,O-1,,,,5000,2026-03-01T10:02:00Z,c3
            pay,O-1,,,,2000,2026-03-01T10:03:00Z,c3
            place,O-2,C-2,USD,A*1@100,,2026-03-01T11:00:00Z,
            cancel,O-2,,,,,2026-03-01T11:01:00Z,
            pay,O-1,,,,1000,2026-03-01T10:01:00Z,c2

            """

    func importing(
        _ content: String, name: String = "batch.csv", options: ImportOptions = ImportOptions(),
        into store: LedgerStore? = nil
    ) throws -> (ImportSummary, [RejectedRecord]) {
        let path = directory.file(name, content)
        let store = try store ?? LedgerStore(path: storePath, durable: false)
        let collector = RejectsCollector()
        let summary = try Importer(store: store).importFile(path, options: options, rejects: collector)
        return (summary, collector.records)
    }

    @Test func aBatchIsAppliedInOrderWithRejectsAndDuplicatesCounted() throws {
        let (summary, rejects) = try importing(Self.batch)
        #expect(summary.records == 7)
        #expect(summary.accepted == 5)
        #expect(summary.rejected == 1)
        #expect(summary.duplicates == 1)
        #expect(summary.firstSeq == 1)
        #expect(summary.lastSeq == 5)
        #expect(summary.exitStatus == 1)
        #expect(rejects.map(\.line) == [4])
        #expect(rejects.map(\.rejection.code) == [.overpayment])
        #expect(String(decoding: rejects[0].raw, as: UTF8.self) == "pay,O-1,,,,5000,2026-03-01T10:02:00Z,c3")
    }

    @Test func aRejectedRecordDoesNotUseUpItsCommandID() throws {
        let (summary, _) = try importing(Self.batch)
        // Line 5 reuses c3 after line 4 (rejected) and is accepted, not a duplicate.
        let store = try LedgerStore(path: storePath, readOnly: true)
        #expect(try store.orderState(OrderID("O-1")!)?.paid == 3000)
        #expect(summary.duplicates == 1)
    }

    @Test func eventsAndStreamsSurviveReopening() throws {
        _ = try importing(Self.batch)
        let store = try LedgerStore(path: storePath)
        #expect(try store.headSeq() == 5)
        let events = try store.events()
        #expect(events.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(events.map(\.event.kind) == [.placed, .paid, .paid, .placed, .cancelled])
        let stream = try #require(try store.stream(of: OrderID("O-1")!))
        #expect(stream.map(\.event.version) == [1, 2, 3])
        #expect(stream.map(\.seq) == [1, 2, 3])
        #expect(try store.stream(of: OrderID("O-404")!) == nil)
        #expect(try store.orderID(OrderNumber(1)) == "O-2")
        #expect(try store.customerID(CustomerNumber(1)) == "C-2")
        #expect(try store.sku(SKUNumber(1)) == "B")
        #expect(try store.events(from: 4, limit: 1).map(\.seq) == [4])
    }

    @Test func importingTheSameContentAgainUnderAnyNameChangesNothing() throws {
        _ = try importing(Self.batch)
        let before = try LedgerStore(path: storePath).dump()
        let (again, rejects) = try importing(Self.batch, name: "copy.csv")
        #expect(again.alreadyImported)
        #expect(again.records == 7)
        #expect(again.accepted == 0 && again.rejected == 0 && again.duplicates == 0)
        #expect(again.firstSeq == nil && again.lastSeq == nil)
        #expect(again.exitStatus == 0)
        #expect(rejects.map(\.line) == [4], "the stored rejections, written again")
        #expect(try LedgerStore(path: storePath).dump() == before)
    }

    @Test func commandIDsAreDuplicatesAcrossBatches() throws {
        _ = try importing(Self.batch)
        let (summary, _) = try importing(Self.header + "pay,O-1,,,,1,2026-03-02T00:00:00Z,c2\n", name: "second.csv")
        #expect(summary.duplicates == 1)
        #expect(summary.accepted == 0)
        #expect(summary.exitStatus == 0)
    }

    @Test func atomicWithARejectionAppliesNothingAndDoesNotCountAsImported() throws {
        let (summary, rejects) = try importing(Self.batch, options: ImportOptions(atomic: true))
        #expect(summary.rolledBack)
        #expect(summary.accepted == 0)
        #expect(summary.rejected == 1 && summary.duplicates == 1 && summary.records == 7)
        #expect(summary.firstSeq == nil)
        #expect(summary.exitStatus == 1)
        #expect(rejects.count == 1)
        #expect(try LedgerStore(path: storePath).headSeq() == 0)
        let (retry, _) = try importing(Self.batch)
        #expect(!retry.alreadyImported)
        #expect(retry.accepted == 5)
    }

    @Test func atomicWithoutRejectionsAppliesEverything() throws {
        let clean = Self.header + "place,O-1,C-1,EUR,A*1@100,,2026-03-01T10:00:00Z,\npay,O-1,,,,100,2026-03-01T10:00:00Z,\n"
        let (summary, _) = try importing(clean, options: ImportOptions(atomic: true))
        #expect(summary.accepted == 2 && summary.lastSeq == 2 && !summary.rolledBack)
    }

    @Test func anInterruptedImportResumesAfterItsLastCommitAndEndsLikeAnUninterruptedOne() throws {
        var content = Self.header
        for index in 0..<50 {
            content += "place,O-\(index),C-\(index % 7),EUR,A*1@100,,2026-03-01T10:00:00Z,\n"
            content += "pay,O-\(index),,,,\(index == 20 ? 999 : 100),2026-03-01T10:01:00Z,\n"
        }
        let path = directory.file("big.csv", content)
        let store = try LedgerStore(path: storePath, durable: false)
        let options = ImportOptions(chunkSize: 8)
        #expect(throws: RejectsCollector.Refused.self) {
            _ = try Importer(store: store).importFile(path, options: options, rejects: RejectsCollector(failAt: 1))
        }
        let partial = try store.headSeq()
        #expect(partial > 0 && partial < 99)
        let rejects = RejectsCollector()
        let resumed = try Importer(store: store).importFile(path, options: options, rejects: rejects)
        #expect(rejects.records.map(\.line) == [43], "the rejection of the chunk that failed to commit, once")
        #expect(resumed.resumedFromLine != nil)
        #expect(resumed.records == 100)
        #expect(resumed.accepted == 99)
        #expect(resumed.rejected == 1)

        let other = TemporaryDirectory()
        let reference = try LedgerStore(path: other.path, durable: false)
        _ = try Importer(store: reference).importFile(path)
        #expect(try store.dump() == reference.dump())
    }

    @Test func aFileErrorImportsNothing() throws {
        let (summary, _) = try importing("type,order_id\nplace,O-1\n")
        #expect(summary.fileError?.contains("lacks the required column at") == true)
        #expect(summary.exitStatus == 2)
        let (unknown, _) = try importing(Self.batch, name: "batch.txt")
        #expect(unknown.fileError?.contains("--input-format") == true)
        let (missing, _) = try importing(Self.batch, name: "gone.csv", into: nil)
        #expect(missing.fileError == nil)
        let store = try LedgerStore(path: storePath, durable: false)
        let absent = try Importer(store: store).importFile(directory.path + "/nope.csv")
        #expect(absent.fileError?.contains("No such file") == true)
        let folder = try Importer(store: store).importFile(directory.path)
        #expect(folder.fileError != nil)
    }

    @Test func jsonLinesBatchesAreImportedLikeCSV() throws {
        let content = """
            {"type":"place","order_id":"O-1","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":2,"unit_price":50}],"at":"2026-03-01T10:00:00Z"}
            {"type":"ship","order_id":"O-1","at":"2026-03-01T10:00:00Z","carrier":""}
            {"type":"pay","order_id":"O-1","amount":100,"at":"2026-03-01T10:00:00Z"}
            {"type":"ship","order_id":"O-1","at":"2026-03-01T10:00:00Z","carrier":""}

            """
        let (summary, rejects) = try importing(content, name: "b.jsonl")
        #expect(summary.accepted == 3)
        #expect(rejects.map(\.rejection.code) == [.invalidState])
        let events = try LedgerStore(path: storePath).events()
        #expect(events.last?.event.note == "")
    }

    @Test func aStoreOfANewerFormatIsRefused() throws {
        _ = try importing(Self.batch)
        try StoreFixture.put([99, 0, 0, 0], key: Array("format".utf8), database: "meta", at: storePath)
        #expect(throws: StoreError.newerFormat(path: storePath, found: 99, supported: LedgerStore.formatVersion)) {
            try LedgerStore(path: storePath)
        }
    }

    @Test func readingAMissingStoreSaysSo() {
        #expect(throws: StoreError.missing(path: directory.path + "/none")) {
            try LedgerStore(path: directory.path + "/none", readOnly: true)
        }
    }
}
