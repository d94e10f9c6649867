import Foundation
import Testing

/// The history's digest the mirror keeps at its checkpoint: what `Mirror/queries/digest.sql`
/// prints, `orders verify --expect` accepts, and a resumed run checks against the store's.
@Suite(.serialized)
struct MirrorDigestTests {
    /// Five orders placed, paid and shipped, one after another (3 events each); the second order
    /// ships with `carrier`. Its `shipped` event is seq 6, which no sampled event (1, 8, 15) is.
    static func batch(secondCarrier carrier: String) -> String {
        (1...5).map { order in
            """
            {"type":"place","order_id":"O-\(order)","customer_id":"C-1","currency":"EUR","lines":[{"sku":"A","qty":1,"unit_price":100}],"at":"2026-03-01T10:00:00Z"}
            {"type":"pay","order_id":"O-\(order)","amount":100,"at":"2026-03-01T10:01:00Z"}
            {"type":"ship","order_id":"O-\(order)","carrier":"\(order == 2 ? carrier : "DHL")","at":"2026-03-01T10:02:00Z"}

            """
        }.joined()
    }

    @Test func theDigestQueryIsTheStoresDigestAndVerifyAcceptsIt() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.file("a.jsonl", Self.batch(secondCarrier: "DHL")))
        #expect(try scene.mirror(into: address, eventsPerCommit: 4).status == 0)
        let held = try #require(try await scene.mirrorDigest(address))
        #expect(try held == scene.statsDigest())
        #expect(held.hasSuffix("@15"))
        let proved = try scene.verify(expecting: held)
        #expect(proved.status == 0, "\(proved.standardError)")
    }

    @Test func aStoreWhoseHistoryWasRewrittenIsRefusedOnResume() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.file("a.jsonl", Self.batch(secondCarrier: "DHL")))
        #expect(try scene.mirror(into: address).status == 0)
        let held = try #require(try await scene.mirrorDigest(address))

        // The same events but one carrier, which the sampled events do not show, and one order more.
        let rewritten = scene.directory + "/rewritten"
        try scene.importBatch(scene.file("b.jsonl", Self.batch(secondCarrier: "UPS")), store: rewritten)
        let rewrittenDigest = try scene.statsDigest(store: rewritten)
        #expect(rewrittenDigest != held && rewrittenDigest.hasSuffix("@15"))
        try scene.importBatch(
            scene.file("c.jsonl", Self.batch(secondCarrier: "DHL").replacing("O-", with: "P-")), store: rewritten)
        #expect(try scene.verify(expecting: held, store: rewritten).status == 1)

        let refused = try scene.mirror(into: address, store: rewritten)
        #expect(refused.status == 1)
        let hex = held.prefix { $0 != "@" }
        let rewrittenHex = rewrittenDigest.prefix { $0 != "@" }
        #expect(
            refused.standardError
                == "orders mirror: error: \(address) holds the history up to seq 15 with digest \(hex), the store's is "
                + "\(rewrittenHex): the store's history was rewritten or it is another store; restore the store the mirror "
                + "copied or mirror into an empty database\n")
        try await scene.expectEvents(upTo: 15, in: address)
        try await scene.expectSameAnswers(address)
        #expect(try await scene.mirrorDigest(address) == held)
    }
}
