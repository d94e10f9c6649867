import Foundation
import TestSupport

/// An import caught in the middle: 2,000 `place` records, one durable commit each, stopped
/// (SIGSTOP) once five are committed, so that a test can act beside it and then let it go on.
enum StoppedImport {
    /// Writes the batch of 2,000 places (orders `O-0` … `O-1999`, 500 EUR each) into `directory`.
    static func places(in directory: TemporaryDirectory) -> String {
        var places = "type,order_id,customer_id,currency,lines,amount,at\n"
        for index in 0..<2_000 { places += "place,O-\(index),C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n" }
        return directory.file("places.csv", places)
    }

    /// Starts importing `batch` into `store` and stops the process once five events are committed.
    static func start(_ batch: String, into store: String) throws -> Process {
        let importer = OrdersBinary.start(["import", "--store", store, "--records-per-commit", "1", batch])
        let started = Date()
        while try LedgerQueries.headSeq(of: store) < 5, importer.isRunning, Date().timeIntervalSince(started) < 120 {
            usleep(10_000)
        }
        kill(importer.processIdentifier, SIGSTOP)
        return importer
    }
}
