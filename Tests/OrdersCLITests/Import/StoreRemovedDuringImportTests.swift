import Foundation
import TestSupport
import Testing

/// An import whose store is removed while it runs writes on into files that are gone: it must
/// not report that work as done.
struct StoreRemovedDuringImportTests {
    let directory = TemporaryDirectory()

    @Test func anImportWhoseStoreWasRemovedSaysSoAndFails() throws {
        let store = directory.path + "/store"
        var places = "type,order_id,customer_id,currency,lines,amount,at\n"
        for index in 0..<2_000 { places += "place,O-\(index),C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n" }
        let batch = directory.file("places.csv", places)
        let importer = OrdersBinary.start(["import", "--store", store, "--records-per-commit", "1", batch])
        let started = Date()
        while try LedgerQueries.headSeq(of: store) < 5, importer.isRunning, Date().timeIntervalSince(started) < 120 {
            usleep(10_000)
        }
        kill(importer.processIdentifier, SIGSTOP)
        try FileManager.default.removeItem(atPath: store)
        kill(importer.processIdentifier, SIGCONT)
        let result = OrdersBinary.finish(importer)
        #expect(result.status == 2, "\(result.standardOutput)")
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "orders: error: the store at \(store) was removed or replaced while this import wrote it; what it "
                + "committed went with the removed files: import again into the store there now\n")
    }
}
