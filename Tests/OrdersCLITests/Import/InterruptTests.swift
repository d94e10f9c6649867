import Foundation
import LedgerStore
import TestSupport
import Testing

/// SIGINT and SIGTERM during `import`, `rebuild` and `verify`: the transaction in progress is
/// abandoned, one line says what was kept, the exit status is 128 + the signal, and running the
/// same import again ends with the ledger of an uninterrupted one. A second signal ends the
/// process at once.
///
/// No test waits a time and hopes: an import writes its rejects to a pipe that the test reads
/// only once (so the first chunk has committed, and the import then stops at a full pipe long
/// before the end of the batch); rebuild and verify wait for a lock of the store's lock file
/// that the test holds; and `/proc` says when the handlers are installed and when one has run.
struct InterruptTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }
    static let records = 6_000
    static let recordsPerCommit = 100

    /// Every odd record places an order, every even one pays an order that does not exist: half
    /// the records are rejected, and their rejects (about 200 bytes each) are far more than a
    /// pipe holds.
    func batch() -> String {
        let lines = (0..<Self.records / 2).map { index in
            #"{"type":"place","order_id":"O-\#(index)","customer_id":"C-\#(index % 97)","currency":"EUR","lines":[{"sku":"S-\#(index % 13)","qty":1,"unit_price":250}],"at":"2026-03-01T10:00:00Z"}"#
                + "\n" + #"{"type":"pay","order_id":"X-\#(index)","amount":5,"at":"2026-03-01T10:00:00Z"}"#
        }
        return directory.file("batch.jsonl", lines.joined(separator: "\n") + "\n")
    }

    /// Starts an import whose rejects go to a pipe, and returns once its first chunk has committed
    /// (rejects are written only after the chunk holding them committed), with the pipe's
    /// reading end (the test holds its writing end too, so reads never see its end).
    func startImportStoppedAtItsRejects(_ batch: String, options: [String] = []) throws -> (Process, Int32) {
        let fifo = directory.path + "/rejects.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments = ["import", "--store", store, "--records-per-commit", "\(Self.recordsPerCommit)", "--rejects", fifo]
        let process = OrdersBinary.start(arguments + options + [batch])
        let pipe = open(fifo, O_RDWR | O_NONBLOCK)
        var first: UInt8 = 0
        while read(pipe, &first, 1) != 1 {
            try #require(process.isRunning, "the import ended before it wrote a reject")
            usleep(1_000)
        }
        return (process, pipe)
    }

    /// Reads the pipe until the process ended, then closes it.
    func drain(_ pipe: Int32, until process: Process) -> OrdersBinary.Output {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while read(pipe, &buffer, buffer.count) > 0 || process.isRunning { usleep(1_000) }
        close(pipe)
        return OrdersBinary.finish(process)
    }

    /// The ledger of an uninterrupted import of `batch`.
    func reference(_ batch: String) throws -> [String] {
        let reference = directory.path + "/reference"
        #expect(try OrdersBinary.run(["import", "--store", reference, batch]).status == 1)
        return try LedgerQueries.answers(of: reference)
    }

    @Test func aSignalStopsADryRunWithALineThatSaysNothingWasImported() throws {
        let batch = batch()
        let (process, pipe) = try startImportStoppedAtItsRejects(batch, options: ["--dry-run"])
        kill(process.processIdentifier, SIGINT)
        SignalDisposition.wait(until: false, SIGINT, by: process)
        let result = drain(pipe, until: process)
        #expect(result.status == 128 + SIGINT)
        #expect(result.standardError.hasSuffix("orders: error: interrupted: a dry run; nothing was imported\n"))
        #expect(!FileManager.default.fileExists(atPath: store), "a dry run leaves no store where there was none")
    }

    @Test(arguments: [SIGINT, SIGTERM]) func aSignalStopsAnImportWithOneLineAndTheSameImportContinues(_ signal: Int32) throws {
        let batch = batch()
        let (process, pipe) = try startImportStoppedAtItsRejects(batch)
        kill(process.processIdentifier, signal)
        SignalDisposition.wait(until: false, signal, by: process)
        let result = drain(pipe, until: process)

        #expect(result.status == 128 + signal)
        #expect(result.standardOutput == "")
        let pattern = /orders: error: interrupted: lines 1–(\d+) of (.+) are committed; run the same import again to continue\n/
        let match = try #require(result.standardError.wholeMatch(of: pattern))
        #expect(String(match.2) == batch)
        let committed = try #require(Int(match.1))
        #expect(committed >= Self.recordsPerCommit && committed < Self.records && committed % Self.recordsPerCommit == 0)
        #expect(try LedgerStore(path: store, readOnly: true).headSeq() == UInt64(committed / 2), "not what the line says is kept")
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)

        let resumed = try OrdersBinary.run(["import", "--store", store, batch])
        #expect(resumed.status == 1)
        #expect(resumed.standardOutput.contains("resumed at line \(committed + 1)"))
        #expect(try LedgerQueries.answers(of: store) == reference(batch))
    }

    @Test func aSecondSignalEndsTheImportAtOnceAndTheSameImportContinues() throws {
        let batch = batch()
        let (process, pipe) = try startImportStoppedAtItsRejects(batch)
        // Until the pipe is full the import goes on committing chunks, and at the next one's end
        // the first signal alone would end it: signal it only once it is stuck in that write.
        BlockedWrite.wait(for: process)
        try #require(process.isRunning, "the import ended before the rejects filled the pipe")
        kill(process.processIdentifier, SIGINT)
        SignalDisposition.wait(until: false, SIGINT, by: process)
        // The import waits to write its rejects to the full pipe: only the second signal can end it now.
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        close(pipe)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 1)
        #expect(try LedgerQueries.answers(of: store) == reference(batch))
    }

    /// Holds the lock that LMDB takes on the store's lock file when it opens the store: whoever
    /// opens it meanwhile waits.
    func holdingTheStoresLock<R>(_ body: () throws -> R) throws -> R {
        let descriptor = open(store + "/lock.mdb", O_RDWR)
        #expect(descriptor >= 0)
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0
        lock.l_len = 1
        #expect(fcntl(descriptor, F_SETLK, &lock) == 0)
        defer { close(descriptor) }
        return try body()
    }

    /// Starts `orders arguments…` while the store is locked, signals it once its handlers are
    /// installed, waits until the handler ran, then lets it open the store.
    func interrupted(_ arguments: [String]) throws -> OrdersBinary.Output {
        let process = try holdingTheStoresLock {
            let process = OrdersBinary.start(arguments + ["--store", store])
            SignalDisposition.wait(until: true, SIGINT, by: process)
            kill(process.processIdentifier, SIGINT)
            SignalDisposition.wait(until: false, SIGINT, by: process)
            return process
        }
        return OrdersBinary.finish(process)
    }

    @Test func anInterruptedRebuildLeavesTheReadModelsUnchanged() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, batch()]).status == 1)
        let before = try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb"))
        let result = try interrupted(["rebuild"])
        #expect(result.status == 130)
        #expect(result.standardError == "orders: error: interrupted: the rebuild was abandoned; the read models are unchanged\n")
        #expect(result.standardOutput == "")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + "/data.mdb")) == before)
        #expect(try OrdersBinary.run(["verify", "--store", store]).status == 0)
    }

    @Test func anInterruptedVerifySaysItDidNotFinish() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, batch()]).status == 1)
        let result = try interrupted(["verify"])
        #expect(result.status == 130)
        #expect(
            result.standardError
                == "orders: error: interrupted: verify stopped before it finished; nothing was checked to the end\n")
        #expect(result.standardOutput == "")
    }
}
