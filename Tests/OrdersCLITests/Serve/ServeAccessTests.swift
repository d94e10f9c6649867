import Foundation
import TestSupport
import Testing

/// Who may ask (a token beyond loopback) and what a missing or damaged store answers.
struct ServeAccessTests {
    let directory = TemporaryDirectory()

    /// A token file with `mode`.
    func tokenFile(_ token: String, mode: mode_t) -> String {
        let path = directory.file("token", token + "\n")
        chmod(path, mode)
        return path
    }

    @Test func aTokenIsNeededByEveryRequest() throws {
        let ledger = try ServedLedger()
        let server = try RunningServer(store: ledger.store, arguments: ["--token-file", tokenFile("s3cret-token", mode: 0o600)])
        #expect(try server.get("/api/stats").status == 401)
        #expect(try server.get("/", headers: ["Authorization: Bearer wrong-token"]).status == 401)
        #expect(try server.get("/api/stats", headers: ["Authorization: Bearer s3cret-token"]).status == 200)
    }

    @Test func anAddressBeyondLoopbackNeedsAPrivateTokenFile() throws {
        let store = directory.path + "/store"
        let open = try OrdersBinary.run(["serve", "--store", store, "--listen", "0.0.0.0:0"])
        #expect(open.status == 2)
        #expect(open.standardError.contains("give --token-file FILE"))
        let shared = try OrdersBinary.run(
            ["serve", "--store", store, "--listen", "0.0.0.0:0", "--token-file", tokenFile("t0ken", mode: 0o644)])
        #expect(shared.status == 2)
        #expect(shared.standardError.contains("chmod 600"))
    }

    @Test func aListenAddressOrTokenFileThatCannotServeIsAUsageError() throws {
        let store = directory.path + "/store"
        for listen in ["127.0.0.1", "127.0.0.1:99999", ":8080", "localhost:port"] {
            let result = try OrdersBinary.run(["serve", "--store", store, "--listen", listen])
            #expect(result.status == 2, "\(listen)")
            #expect(result.standardError.contains("is not HOST:PORT"), "\(listen): \(result.standardError)")
        }
        let empty = try OrdersBinary.run(
            ["serve", "--store", store, "--listen", "127.0.0.1:0", "--token-file", tokenFile("", mode: 0o600)])
        #expect(empty.status == 2)
        #expect(empty.standardError.contains("holds no token"))
    }

    @Test func aMissingStoreIs503UntilItIsThere() throws {
        let ledger = try ServedLedger()
        let store = directory.path + "/later"
        let server = try RunningServer(store: store)
        let missing = try server.get("/api/stats")
        #expect(missing.status == 503)
        let words = try OrdersBinary.run(["stats", "--store", store]).standardError
        let object = try JSONSerialization.jsonObject(with: Data(missing.body.utf8)) as? [String: String]
        #expect(words == "orders: error: \(object?["error"] ?? "")\n")
        #expect(try server.get("/").status == 503)
        _ = try OrdersBinary.run(["import", "--store", store, ledger.directory.file("again.csv", ServedLedger.batch)])
        let found = try server.get("/api/stats")
        #expect(found.status == 200)
        #expect(found.body == (try OrdersBinary.run(["stats", "--store", store, "--format", "json"]).standardOutput))
    }

    @Test func aDamagedStoreIs503AndTheServerGoesOn() throws {
        let store = directory.path + "/damaged"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: store + "/data.mdb", contents: Data(repeating: 0x5A, count: 1 << 16))
        let server = try RunningServer(store: store)
        for _ in 0..<3 {
            let answer = try server.get("/api/orders")
            #expect(answer.status == 503)
            let words = try OrdersBinary.run(["list", "--store", store]).standardError
            let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String]
            #expect(words == "orders: error: \(object?["error"] ?? "")\n")
        }
        #expect(try server.get("/api/openapi.json").status == 200)
    }
}
