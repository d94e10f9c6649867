import BatchGenerator
import Foundation
import Synchronization
import TestSupport
import Testing

/// `orders events --follow`: events that another process commits are printed as they arrive; the
/// command stops cleanly on Ctrl-C and on a closed pipe. The only clock is a generous timeout
/// that ends a hung test; nothing passes or fails on how fast the events came.
struct EventsFollowTests {
    let directory = TemporaryDirectory()
    /// How long a test waits for output before it gives up (a hang, not a slow machine).
    static let timeout: TimeInterval = 120

    /// Collects what a process writes to its standard output, on a thread of its own.
    final class OutputCollector: Sendable {
        private let text = Mutex("")

        init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { return }
                    text.withLock { $0 += String(decoding: data, as: UTF8.self) }
                }
            }
        }

        var current: String { text.withLock { $0 } }

        /// Waits until `done` holds for the output so far, or the timeout passes.
        func wait(until done: (String) -> Bool) -> String {
            let deadline = Date().addingTimeInterval(EventsFollowTests.timeout)
            while !done(current), Date() < deadline { usleep(20_000) }
            return current
        }
    }

    /// A store with the sample batch, and a generated batch for a second import.
    func storeAndBatch() throws -> (store: String, batch: String) {
        let store = directory.path + "/store"
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        var lines: [String] = []
        var generator = BatchGenerator(settings: GeneratorSettings(orders: 2_000, seed: 11, badShare: 0.1))
        _ = generator.generate { lines.append($0) }
        return (store, directory.file("more.csv", lines.joined(separator: "\n") + "\n"))
    }

    @Test func eventsCommittedByAConcurrentImportArePrintedAndCtrlCEndsCleanly() throws {
        let (store, batch) = try storeAndBatch()
        let follower = OrdersBinary.start(["events", "--store", store, "--follow", "--format", "json"])
        let output = OutputCollector(follower.standardOutput as! Pipe)
        // The existing events come first, then the follower waits for more.
        _ = output.wait { $0.contains("\"seq\":13,") }
        let imported = try OrdersBinary.run(["import", "--store", store, batch])
        #expect(imported.status == 1, "the batch has bad records")
        let stats = try OrdersBinary.run(["stats", "--store", store, "--format", "json"])
        let head = try #require(
            (try JSONSerialization.jsonObject(with: Data(stats.standardOutput.utf8)) as? [String: Any])?["head_seq"] as? Int)
        let seen = output.wait { $0.contains("{\"seq\":\(head),") }
        #expect(seen.contains("{\"seq\":\(head),"), "the follower printed the import's last event")
        kill(follower.processIdentifier, SIGINT)
        follower.waitUntilExit()
        #expect(follower.terminationReason == .exit)
        #expect(follower.terminationStatus == 130)
        let text = output.wait { $0.hasSuffix("\n]\n") }
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["seq"] as? Int } == Array(1...head), "every event once, in seq order; the array closed")
        let all = try OrdersBinary.run(["events", "--store", store, "--format", "json"]).standardOutput
        #expect(text == all, "following prints exactly what a later listing prints")
    }

    /// Starts a follower from seq 14 (nothing to print until another import commits) whose
    /// reader has gone already.
    func followerWithoutAReader(_ store: String) throws -> Process {
        let follower = OrdersBinary.start(["events", "--store", store, "--follow", "--format", "jsonl", "--from", "14"])
        try (follower.standardOutput as! Pipe).fileHandleForReading.close()
        return follower
    }

    /// Expects `follower` to end by itself, as a failed write ends it: by SIGPIPE, or with status 0
    /// where the test runner ignores SIGPIPE.
    func expectEndedAsByAClosedPipe(_ follower: Process) {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while follower.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!follower.isRunning, "the follower ended when its reader went away")
        if follower.isRunning { follower.terminate() }
        follower.waitUntilExit()
        #expect(
            follower.terminationReason == .uncaughtSignal
                ? follower.terminationStatus == SIGPIPE : follower.terminationStatus == 0)
    }

    @Test func aClosedPipeEndsTheFollower() throws {
        let (store, batch) = try storeAndBatch()
        let follower = try followerWithoutAReader(store)
        #expect(try OrdersBinary.run(["import", "--store", store, batch]).status == 1)
        expectEndedAsByAClosedPipe(follower)
    }

    @Test func aClosedPipeEndsAFollowerThatHasNothingToPrint() throws {
        // `events --follow | head -1` after head has gone: no event comes, so no write fails.
        let (store, _) = try storeAndBatch()
        expectEndedAsByAClosedPipe(try followerWithoutAReader(store))
    }
}
