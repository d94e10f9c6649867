import Foundation
import Synchronization
import Testing

@testable import LMDB

/// How the process ends on damage LMDB cannot return as an error (`DamageExit`): the threads of
/// one command may meet a damaged page together (a `verify` of a store whose `commands` had a
/// zeroed page wrote its line twice, once in about 30 runs), and only one of them may write.
struct DamageExitTests {
    /// What the racing threads share.
    final class Race: Sendable {
        let gate = Atomic<Bool>(false)
        let arrived = Atomic<Int>(0)
        let firsts = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
    }

    @Test func onlyTheFirstOfManyThreadsMeetingDamageAtOnceReportsIt() {
        let race = Race()
        let threads = 8
        for _ in 0..<threads {
            Thread {
                // Every thread reaches the gate before any passes it, so that they meet it together.
                race.arrived.add(1, ordering: .acquiringAndReleasing)
                while race.arrived.load(ordering: .acquiring) < threads { sched_yield() }
                if DamageExit.isFirstReport(race.gate) { race.firsts.add(1, ordering: .relaxed) }
                race.finished.add(1, ordering: .releasing)
            }.start()
        }
        while race.finished.load(ordering: .acquiring) < threads { sched_yield() }
        #expect(race.firsts.load(ordering: .relaxed) == 1)
        let again = DamageExit.isFirstReport(race.gate)
        #expect(!again)
    }
}
