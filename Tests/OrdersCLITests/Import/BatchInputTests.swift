import Foundation
import LedgerStore
import TestSupport
import Testing

/// Inputs that are not regular files, the store's lock, and rejections kept in the store, as a
/// user meets them through `orders`.
struct BatchInputTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    static func output(of process: Process) -> (status: Int32, out: String, err: String) {
        let out = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
        let err = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func aFIFOImportsLikeTheFile() throws {
        let fifo = directory.path + "/batch.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let content = try Data(contentsOf: URL(fileURLWithPath: OrdersBinary.repository.path + "/data/bad-batch.jsonl"))
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)!
            handle.write(content)
            try? handle.close()
        }
        writer.start()
        let viaFIFO = try OrdersBinary.run(["import", "--store", store, "--input-format", "jsonl", "--format", "json", fifo])
        let reference = directory.path + "/reference"
        let viaFile = try OrdersBinary.run(["import", "--store", reference, "--format", "json", "data/bad-batch.jsonl"])
        #expect(viaFIFO.status == 1 && viaFile.status == 1)
        #expect(viaFIFO.standardOutput.replacingOccurrences(of: fifo, with: "data/bad-batch.jsonl") == viaFile.standardOutput)
        #expect(try LedgerStore(path: store, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
        // The same bytes from the file are the same batch.
        let again = try OrdersBinary.run(["import", "--store", store, "--format", "json", "data/bad-batch.jsonl"])
        #expect(again.standardOutput.contains("\"already_imported\":true"))
    }

    @Test func aCharacterDeviceIsRefusedAtOnce() throws {
        let result = try OrdersBinary.run(["import", "--store", store, "--input-format", "csv", "/dev/zero"])
        #expect(result.status == 2)
        #expect(result.standardError == "orders: error: /dev/zero: is a character device, not a batch file\n")
    }

    @Test func aSecondWriterSaysItIsWaitingAndGivesUpAfterWait() throws {
        _ = try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"])
        // This test holds the store's lock as another import would.
        let lock = open(store + "/import.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        _ = "4242 import\n".withCString { pwrite(lock, $0, strlen($0), 0) }
        let result = try OrdersBinary.run(["import", "--store", store, "--wait", "1.5", "data/bad-batch.jsonl"])
        #expect(result.status == 75)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.first == "orders: waiting for another import (pid 4242) to finish with the store at \(store)…")
        #expect(
            lines.last
                == "orders: error: another import (pid 4242) still holds the store at \(store) after 1.5 s; try again later or wait longer (--wait)"
        )
        #expect(try LedgerStore(path: store, readOnly: true).headSeq() == 13, "nothing of the second file was imported")
    }

    @Test func aRebuildWaitsAtMostItsWaitForTheStoresLock() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let lock = open(store + "/import.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        _ = "4242 import\n".withCString { pwrite(lock, $0, strlen($0), 0) }
        let result = try OrdersBinary.run(["rebuild", "--store", store, "--wait", "1.5"])
        #expect(result.status == 75)
        #expect(
            result.standardError.split(separator: "\n").last
                == "orders: error: another import (pid 4242) still holds the store at \(store) after 1.5 s; try again later or wait longer (--wait)"
        )
    }

    @Test func twoImportsOfTheSameBatchAtOnceCountEachRecordOnce() throws {
        var content = "type,order_id,customer_id,currency,lines,amount,at\n"
        for index in 0..<3_000 {
            content += "place,O-\(index),C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n"
            content += "pay,O-\(index),,,,\(index % 10 == 0 ? 900 : 500),2026-03-01T10:01:00Z\n"
        }
        let batch = directory.file("batch.csv", content)
        let processes = (0..<2).map { index in
            OrdersBinary.start([
                "import", "--store", store, "--format", "json", "--records-per-commit", "500",
                "--rejects", directory.path + "/rejects-\(index).jsonl", batch,
            ])
        }
        let outputs = processes.map(Self.output)
        let summaries = try outputs.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.out.utf8)) as? [[String: Any]]).first!
        }
        #expect(summaries.map { $0["accepted"] as! Int }.reduce(0, +) == 5_700)
        #expect(summaries.map { $0["rejected"] as! Int }.reduce(0, +) == 300)
        let rejects = try (0..<2).flatMap { index in
            try String(contentsOfFile: directory.path + "/rejects-\(index).jsonl", encoding: .utf8).split(separator: "\n")
        }
        #expect(rejects.count == 300 && Set(rejects).count == 300)
        #expect(try LedgerStore(path: store, readOnly: true).headSeq() == 5_700)
    }

    @Test func aRejectsFileThatCannotBeWrittenStopsTheImportBeforeItCommits() throws {
        let result = try OrdersBinary.run(["import", "--store", store, "--rejects", "/dev/full", "data/bad-batch.jsonl"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix("orders: error: cannot write the rejects file /dev/full: No space left on device; "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!result.standardError.contains("CommandFailure"))
        // No summary table of no file above the error.
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        // Nothing was committed to the store this first import created: it is not left behind.
        #expect(!FileManager.default.fileExists(atPath: store))
        let missing = try OrdersBinary.run([
            "import", "--store", store, "--rejects", directory.path + "/no/such/dir/r.jsonl", "data/bad-batch.jsonl",
        ])
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "orders: error: cannot write the rejects file \(directory.path)/no/such/dir/r.jsonl: No such file or directory\n"
        )
    }

    @Test func ordersRejectsListsWhatTheStoreKeptAtAnyTimeLater() throws {
        let rejectsFile = directory.path + "/r.jsonl"
        _ = try OrdersBinary.run(["import", "--store", store, "--rejects", rejectsFile, "data/bad-batch.jsonl"])
        let listed = try OrdersBinary.run(["rejects", "--store", store, "--format", "jsonl", "data/bad-batch.jsonl"])
        #expect(listed.status == 0)
        #expect(listed.standardOutput == (try String(contentsOfFile: rejectsFile, encoding: .utf8)))
        let table = try OrdersBinary.run(["rejects", "--store", store, "--format", "table", "data/bad-batch.jsonl"])
        #expect(table.status == 0 && table.standardOutput.hasPrefix("FILE"))
        #expect(!table.standardOutput.contains("\u{1B}"))
        let csv = try OrdersBinary.run(["rejects", "--store", store, "--format", "csv", "data/bad-batch.jsonl"])
        #expect(csv.standardOutput.hasPrefix("file,line,code,message,record\r\n"))
        let unknown = try OrdersBinary.run(["rejects", "--store", store, "data/good-batch.csv"])
        #expect(unknown.status == 1)
        #expect(
            unknown.standardError
                == "orders: error: data/good-batch.csv matches no batch in the store at \(store) (check --store and --input-format)\n"
        )
    }

    @Test func aKilledImportOfAFileThatGrewSinceEndsLikeOneImportWithEveryRejectionOnce() throws {
        var lines = ["type,order_id,customer_id,currency,lines,amount,at"]
        for index in 0..<4_000 {
            lines.append("place,O-\(index),C-\(index % 50),EUR,A*1@500,,2026-03-01T10:00:00Z")
            lines.append("pay,O-\(index),,,,\(index % 7 == 0 ? 900 : 200),2026-03-01T10:01:00Z")
        }
        let batch = directory.file("batch.csv", lines.prefix(6_001).joined(separator: "\n") + "\n")
        let process = OrdersBinary.start(["import", "--store", store, "--records-per-commit", "100", batch])
        // Kill it once it committed (if it finishes first, the rerun below continues the batch instead).
        while process.isRunning, (try? LedgerStore(path: store, readOnly: true).headSeq()) ?? 0 == 0 { usleep(1_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let handle = FileHandle(forWritingAtPath: batch)!
        handle.seekToEndOfFile()
        handle.write(Data((lines.dropFirst(6_001).joined(separator: "\n") + "\n").utf8))
        try handle.close()
        let rerun = try OrdersBinary.run([
            "import", "--store", store, "--rejects", directory.path + "/r.jsonl", "--format", "json", batch,
        ])
        #expect(rerun.status == 1)
        let reference = directory.path + "/reference"
        _ = try OrdersBinary.run(["import", "--store", reference, "--rejects", directory.path + "/ref.jsonl", batch])
        #expect(try LedgerStore(path: store, readOnly: true).dump() == LedgerStore(path: reference, readOnly: true).dump())
        let all = try OrdersBinary.run(["rejects", "--store", store, "--format", "jsonl", batch])
        #expect(all.standardOutput == (try String(contentsOfFile: directory.path + "/ref.jsonl", encoding: .utf8)))
        if rerun.standardOutput.contains("resumed_from_line") {
            #expect(
                try String(contentsOfFile: directory.path + "/r.jsonl", encoding: .utf8)
                    == String(contentsOfFile: directory.path + "/ref.jsonl", encoding: .utf8))
        }
    }
}
