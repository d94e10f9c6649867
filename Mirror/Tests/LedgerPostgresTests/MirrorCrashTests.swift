import BatchGenerator
import Foundation
import LedgerPostgres
import Testing

/// SIGKILL of a running mirror at named places, then a re-run: no missing and no doubled event.
@Suite(.serialized)
struct MirrorCrashTests {
    /// One crash (or several in a row, each while resuming) and what must hold after each.
    struct Scenario: CustomStringConvertible {
        let kills: [(point: MirrorFaultPoint, arrival: Int)]
        var description: String { kills.map { "\($0.point.rawValue):\($0.arrival)" }.joined(separator: " then ") }
    }

    /// The points a transaction of events reaches (a run reaches `beforeKeysCommit` once, at the log's head).
    static let transactionPoints: [MirrorFaultPoint] = [.afterEvents, .beforeCommit, .afterCommit]

    /// Every point at its first and third arrival (the keys' at its only one), kills in a row, and seeded random ones.
    static let scenarios: [Scenario] = {
        var all = transactionPoints.flatMap { point in [1, 3].map { Scenario(kills: [(point, $0)]) } }
        all.append(Scenario(kills: [(.beforeKeysCommit, 1)]))
        all.append(Scenario(kills: [(.afterEvents, 2), (.beforeCommit, 2)]))
        all.append(Scenario(kills: [(.afterCommit, 1), (.afterEvents, 1), (.beforeCommit, 4)]))
        all.append(Scenario(kills: [(.afterEvents, 3), (.beforeKeysCommit, 1)]))
        var random = SplitMix64(seed: 20_261_123)
        for _ in 0..<4 {
            let point = transactionPoints[Int(random.next() % UInt64(transactionPoints.count))]
            all.append(Scenario(kills: [(point, Int(random.next() % 8) + 1)]))
        }
        return all
    }()

    @Test func everyFaultPointHasAScenario() {
        let covered = Set(Self.scenarios.flatMap { $0.kills.map(\.point) })
        #expect(covered == Set(MirrorFaultPoint.allCases))
    }

    @Test func aKilledMirrorRunAgainHoldsEachEventOnce() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        try scene.importBatch(scene.batch("batch.csv", orders: 400, seed: 5))
        let head = try scene.headSeq()
        for (number, scenario) in Self.scenarios.enumerated() {
            let address = try await scene.cluster.createDatabase("crash\(number)")
            for kill in scenario.kills {
                let fault = "\(kill.point.rawValue):\(kill.arrival)"
                let crashed = try scene.mirror(into: address, eventsPerCommit: 113, fault: fault)
                #expect(crashed.killedBySignal && crashed.status == SIGKILL, "\(scenario): \(crashed.standardError)")
                let checkpoint = try await PostgresSession.with(address) { session in
                    let rows = try await session.rows(
                        "SELECT count(*), count(DISTINCT seq), coalesce(max(seq), 0), (SELECT seq FROM mirror_checkpoint) FROM events"
                    )
                    let (count, distinct, maximum, checkpoint) = try rows[0].decode((Int64, Int64, Int64, Int64).self)
                    #expect(count == maximum && distinct == maximum && checkpoint == maximum, "\(scenario)")
                    #expect(
                        checkpoint % 113 == 0 || checkpoint == head, "\(scenario): checkpoint \(checkpoint) is no commit's end")
                    return checkpoint
                }
                // The digest was committed with the rows it covers: the store's at the checkpoint.
                let digest = try await scene.mirrorDigest(address)
                #expect((digest == nil) == (checkpoint == 0), "\(scenario)")
                if let digest {
                    #expect(digest.hasSuffix("@\(checkpoint)"), "\(scenario)")
                    #expect(try scene.verify(expecting: digest).status == 0, "\(scenario)")
                }
            }
            let resumed = try scene.mirror(into: address, eventsPerCommit: 113)
            #expect(resumed.status == 0, "\(scenario): \(resumed.standardError)")
            try await scene.expectEvents(upTo: head, in: address)
            try await scene.expectSameAnswers(address)
        }
    }
}
