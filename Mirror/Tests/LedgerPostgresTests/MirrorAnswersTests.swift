import Foundation
import Testing

/// SQL over the mirror answers what the CLI answers, against a real PostgreSQL server.
@Suite(.serialized)
struct MirrorAnswersTests {
    @Test func sqlOverTheMirrorEqualsEveryQueryOfTheStoreOnBatchesWithBadRecords() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("first.csv", orders: 300, seed: 11))
        let first = try scene.mirror(into: address)
        #expect(first.status == 0, "\(first.standardError)")
        let head = try scene.headSeq()
        #expect(first.standardOutput.contains("mirrored seq 1–\(head)"))
        try await scene.expectEvents(upTo: head, in: address)
        try await scene.expectSameAnswers(address)

        // A second batch pays, ships and cancels orders the mirror already holds: their rows are rewritten.
        try scene.importBatch(scene.batch("second.csv", orders: 400, seed: 12))
        let second = try scene.mirror(into: address, eventsPerCommit: 1_000)
        #expect(second.status == 0, "\(second.standardError)")
        let newHead = try scene.headSeq()
        #expect(newHead > head)
        #expect(second.standardOutput.contains("mirrored seq \(head + 1)–\(newHead)"))
        try await scene.expectEvents(upTo: newHead, in: address)
        try await scene.expectSameAnswers(address)
    }

    /// A first copy in many transactions writes each read model row once, in the transaction
    /// that reaches the log's head (every row of those tables has that transaction's id), and
    /// answers like the store.
    @Test func aFirstCopyWritesEachReadModelRowOnceAtTheHead() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("batch.csv", orders: 300, seed: 13))
        let copied = try scene.mirror(into: address, eventsPerCommit: 97)
        #expect(copied.status == 0, "\(copied.standardError)")
        let head = try scene.headSeq()
        try await PostgresSession.with(address) { session in
            let transactions = try await session.integer("SELECT count(DISTINCT xmin::text) FROM events")
            #expect(transactions == (Int64(head) + 96) / 97)
            let last = try await session.text("SELECT xmin::text FROM events WHERE seq = \(head)")
            for table in ["orders", "customers", "customer_net", "revenue", "skus", "sku_revenue", "stats"] {
                let writers = try await session.text(
                    "SELECT count(DISTINCT xmin::text) || ' ' || coalesce(max(xmin::text), 'none') FROM \(table)")
                #expect(writers == "1 \(last)", "\(table): transactions and the last of them \(writers)")
            }
        }
        try await scene.expectEvents(upTo: head, in: address)
        try await scene.expectSameAnswers(address)
    }

    @Test func runningTheMirrorAgainChangesNothing() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("batch.csv", orders: 120, seed: 3))
        try scene.mirror(into: address)
        let again = try scene.mirror(into: address)
        let head = try scene.headSeq()
        #expect(again.status == 0)
        #expect(
            again.standardOutput
                == "postgres://mirror@127.0.0.1:\(scene.cluster.port)/ledger already holds the ledger up to seq \(head); nothing to mirror\n"
        )
        try await scene.expectEvents(upTo: head, in: address)
        try await scene.expectSameAnswers(address)
    }

    @Test func carriersAndReasonsKeepEveryCharacter() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        let carrier = "tab\there, line\nbreak, back\\slash, \"quoted\", ünïcödé \u{1B}[2J"
        let reason = "carriage\rreturn \\N not null"
        let lines = [
            #"{"type":"place","order_id":"O-1","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":100}],"at":"2026-03-01T10:00:00Z"}"#,
            #"{"type":"pay","order_id":"O-1","amount":100,"at":"2026-03-01T10:01:00Z"}"#,
            #"{"type":"ship","order_id":"O-1","carrier":\#(try jsonString(carrier)),"at":"2026-03-01T10:02:00Z"}"#,
            #"{"type":"place","order_id":"O-2","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":100}],"at":"2026-03-01T10:00:00Z"}"#,
            #"{"type":"cancel","order_id":"O-2","reason":\#(try jsonString(reason)),"at":"2026-03-01T10:03:00Z"}"#,
        ]
        let batch = scene.directory + "/notes.jsonl"
        _ = FileManager.default.createFile(atPath: batch, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
        try scene.importBatch(batch)
        #expect(try scene.mirror(into: address).status == 0)
        let (shipped, cancelled, neither) = try await PostgresSession.with(address) { session in
            (
                try await session.text("SELECT carrier FROM events WHERE type = 'shipped'"),
                try await session.text("SELECT reason FROM events WHERE type = 'cancelled'"),
                try await session.integer("SELECT count(*) FROM events WHERE carrier IS NULL AND reason IS NULL")
            )
        }
        #expect(shipped == carrier)
        #expect(cancelled == reason)
        #expect(neither == 3)
        try await scene.expectSameAnswers(address)
    }

    private func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed]), as: UTF8.self)
    }
}
