import Foundation
import LedgerPostgres
import PostgresNIO
import Testing

/// What the mirror refuses, with the line the user sees.
@Suite(.serialized)
struct MirrorRefusalTests {
    @Test func aDatabaseHoldingAnotherLedgerIsRefused() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("a.csv", orders: 100, seed: 1))
        #expect(try scene.mirror(into: address).status == 0)
        let headA = try scene.headSeq()

        let other = scene.directory + "/other"
        try scene.importBatch(scene.batch("b.csv", orders: 150, seed: 2), store: other)
        let refused = try scene.mirror(into: address, store: other)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.hasPrefix(
                "orders mirror: error: postgres://mirror@127.0.0.1:\(scene.cluster.port)/ledger holds another ledger: its event ")
        )
        #expect(refused.standardError.hasSuffix("; mirror into an empty database\n"))

        let shorter = scene.directory + "/shorter"
        try scene.importBatch(scene.batch("c.csv", orders: 10, seed: 1), store: shorter)
        let behind = try scene.mirror(into: address, store: shorter)
        #expect(behind.status == 1)
        #expect(behind.standardError.contains("holds \(headA) events but the store's log has only"))
        try await scene.expectEvents(upTo: headA, in: address)
        try await scene.expectSameAnswers(address)
    }

    @Test func aSecondMirrorIntoTheSameDatabaseIsRefusedWhileOneWrites() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("a.csv", orders: 50, seed: 1))
        try await PostgresSession.with(address) { session in
            _ = try await session.rows("SELECT pg_advisory_lock(\(0x6f72_6465_7273))")
            let refused = try scene.mirror(into: address)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("another orders mirror is writing into postgres://mirror@127.0.0.1:"))
        }
        #expect(try scene.mirror(into: address).status == 0)
    }

    @Test func aServerThatDoesNotAnswerIsOneLine() throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        try scene.importBatch(scene.batch("a.csv", orders: 5, seed: 1))
        let port = try PostgresCluster.freePort()
        let output = try scene.mirror(into: "postgres://nobody@127.0.0.1:\(port)/none")
        #expect(output.status == 1)
        #expect(output.standardError.hasPrefix("orders mirror: error: cannot connect to PostgreSQL at 127.0.0.1:\(port): "))
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    @Test func aDatabaseThatDoesNotExistIsNamedByTheServer() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        try scene.importBatch(scene.batch("a.csv", orders: 5, seed: 1))
        let output = try scene.mirror(into: scene.cluster.address("missing"))
        #expect(output.status == 1)
        #expect(output.standardError.contains(#"database "missing" does not exist"#))
    }

    @Test func addressesAreCheckedBeforeAnythingRuns() throws {
        #expect(throws: MirrorError.usage("--to mysql://a@b/c is not a PostgreSQL address; use postgres://USER@HOST:PORT/DB")) {
            try PostgresAddress("mysql://a@b/c")
        }
        #expect(throws: MirrorError.usage("--to postgres://h:5432/db names no user; use postgres://USER@HOST:PORT/DB")) {
            try PostgresAddress("postgres://h:5432/db")
        }
        #expect(throws: MirrorError.usage("--to postgres://u@h:5432 names no database; use postgres://USER@HOST:PORT/DB")) {
            try PostgresAddress("postgres://u@h:5432")
        }
        let address = try PostgresAddress("postgresql://u:secret@db.example:6543/ledger?sslmode=require", environment: [:])
        #expect(address.host == "db.example" && address.port == 6543 && address.user == "u" && address.database == "ledger")
        #expect(address.password == "secret" && address.requiresTLS)
        #expect(address.description == "postgres://u@db.example:6543/ledger")
        #expect(try PostgresAddress("postgres://u@h/d", environment: ["PGPASSWORD": "p"]).password == "p")
        #expect(try PostgresAddress("postgres://u@h/d", environment: [:]).port == 5432)
    }

    @Test func aMisspeltFaultIsAUsageError() throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let output = try scene.mirror(into: "postgres://u@127.0.0.1:1/d", fault: "mirror-befor-commit")
        #expect(output.status == 2)
        #expect(output.standardError.contains("unknown fault point mirror-befor-commit"))
    }
}
