import Foundation
import LedgerStore
import Synchronization
import TestSupport
import Testing

/// A `StoreLock` that is not taken closes the descriptor it opened, and nothing may touch that
/// number afterwards: it is the next one handed to whichever thread of the process opens a file
/// (in the test run, another test's `lock.mdb`). The lock's `deinit` used to run after an init
/// that threw, and truncated and closed the number a second time: a store's lock file cut to
/// nothing under LMDB's map, and a bus error at that store's next commit ended the whole run.
struct StoreLockDescriptorTests {
    /// What the two threads share.
    final class Race: Sendable {
        let stop = Atomic<Bool>(false)
        let finished = Atomic<Int>(0)
        let attempts = Atomic<Int>(0)
    }

    /// Threads asking for the lock at once: more of them make it likelier that one is between
    /// its `close` and its `deinit` when this thread opens its file, on a machine with few cores.
    static let contenders = 3

    @Test func aLockNotTakenLeavesAloneTheDescriptorItClosed() throws {
        let directory = TemporaryDirectory()
        let store = directory.path
        let held = try StoreLock(directory: store, role: "import", limit: 0) { _ in }
        let content = [UInt8](repeating: 7, count: 4096)
        let victim = directory.file("victim", bytes: content)
        let race = Race()
        // Other threads ask for the held lock again and again (as `Importer` and `ImportStart`
        // do with `try? StoreLock(…, limit: 0)`), refused each time.
        for _ in 0..<Self.contenders {
            Thread {
                while !race.stop.load(ordering: .relaxed) {
                    _ = try? StoreLock(directory: store, role: "import", limit: 0) { _ in }
                    race.attempts.add(1, ordering: .relaxed)
                }
                race.finished.add(1, ordering: .releasing)
            }.start()
        }
        // This one opens a file again and again, so that it gets the number a refused attempt has
        // just closed whenever that is the lowest free one, and looks a moment later whether the
        // file is still whole and the descriptor still open.
        var harmed: String?
        let deadline = Date().addingTimeInterval(2)
        while harmed == nil, Date() < deadline {
            let descriptor = open(victim, O_RDWR | O_CLOEXEC)
            try #require(descriptor >= 0)
            for _ in 0..<20 { sched_yield() }
            var info = stat()
            if fstat(descriptor, &info) != 0 {
                harmed = "descriptor \(descriptor) of the file was closed by another thread"
            } else {
                if info.st_size != content.count {
                    harmed = "the file was cut to \(info.st_size) bytes through descriptor \(descriptor)"
                }
                close(descriptor)
            }
        }
        race.stop.store(true, ordering: .relaxed)
        while race.finished.load(ordering: .acquiring) < Self.contenders { usleep(1_000) }
        withExtendedLifetime(held) {}
        #expect(race.attempts.load(ordering: .relaxed) > 0)
        #expect(harmed == nil, "\(harmed ?? "")")
    }
}
