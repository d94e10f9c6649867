import Foundation
import Testing

/// `--follow` and `orders mirror`.
@Suite(.serialized)
struct MirrorFollowTests {
    @Test func aFollowingMirrorCopiesImportsAsTheyCommitUntilInterrupted() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("first.csv", orders: 80, seed: 21))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Programs.mirror)
        process.arguments = ["--store", scene.store, "--to", address, "--follow"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await waitForCheckpoint(try scene.headSeq(), in: address)
        try scene.importBatch(scene.batch("second.csv", orders: 90, seed: 22))
        let head = try scene.headSeq()
        try await waitForCheckpoint(head, in: address)
        try await scene.expectSameAnswers(address)
        kill(process.processIdentifier, SIGINT)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(printed.contains("mirrored up to seq \(head) into "))
        #expect(
            printed.hasSuffix(
                "stopped following: postgres://mirror@127.0.0.1:\(scene.cluster.port)/ledger holds the ledger up to seq \(head)\n"
            ))
    }

    @Test func ordersMirrorRunsTheMirrorProgram() async throws {
        let scene = try MirrorScene()
        defer { scene.destroy() }
        let address = try await scene.cluster.createDatabase("ledger")
        try scene.importBatch(scene.batch("batch.csv", orders: 60, seed: 8))
        let path = Programs.buildDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let output = try Programs.run(
            Programs.orders, ["mirror", "--store", scene.store, "--to", address], environment: ["PATH": path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("mirrored seq 1–\(try scene.headSeq())"))
        try await scene.expectSameAnswers(address)

        let missing = try Programs.run(
            Programs.orders, ["mirror", "--store", scene.store, "--to", address], environment: ["PATH": "/nonexistent"])
        if !FileManager.default.isExecutableFile(
            atPath: URL(fileURLWithPath: Programs.orders).deletingLastPathComponent().path + "/orders-mirror")
        {
            #expect(missing.status == 1)
            #expect(missing.standardError.contains("orders mirror needs the orders-mirror program, which is built apart"))
        }
    }

    /// Waits (at most two minutes, polling) until the mirror's checkpoint reaches `seq`.
    private func waitForCheckpoint(_ seq: Int64, in address: String) async throws {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let reached = try? await PostgresSession.with(address) { try await $0.integer("SELECT seq FROM mirror_checkpoint") }
            if let reached, reached >= seq { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the mirror did not reach seq \(seq)")
    }
}
