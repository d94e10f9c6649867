import Foundation
import Testing

/// Listings of orders and customers longer than the chunks the server writes them in: each
/// answers what its command prints, from one snapshot, `HEAD` claims no length for them, and
/// clients that ask for them and read nothing do not make the server hold them.
struct ServeLongListingTests {
    let ledger: ServedLedger
    let server: RunningServer

    /// Far less than 20 listings of every order would take if the server held them whole.
    static let allowedGrowth = 32 << 20

    /// Orders enough for the listing of every order to take many chunks of 64 KiB (about 5 MiB).
    init() throws {
        ledger = try ServedLedger()
        try ledger.importOrders(20_000)
        server = try RunningServer(store: ledger.store)
    }

    @Test func aListingOfManyChunksIsWhatItsCommandPrints() throws {
        for (target, command) in [
            ("/api/orders?limit=0", ["list", "--limit", "0"]),
            ("/api/orders?limit=2500", ["list", "--limit", "2500"]),
            ("/api/orders?limit=0&as_of=3000", ["list", "--limit", "0", "--as-of", "3000"]),
            ("/api/customers", ["customers"]),
        ] {
            let answer = try server.get(target)
            #expect(answer.status == 200, "\(target)")
            #expect(answer.headers["content-type"] == "application/json", "\(target)")
            #expect(answer.body == (try ledger.cli(command)), "\(target) differs from orders \(command.joined(separator: " "))")
        }
        #expect(try server.get("/api/orders?limit=0").body.utf8.count > 4 << 16, "the listing fits in fewer chunks than meant")
    }

    @Test func headOfAListingOfManyChunksClaimsNoLength() throws {
        let head = try server.get("/api/orders?limit=0", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == nil)
        #expect(try server.get("/api/stats").status == 200)
    }

    @Test func listingsNobodyReadsAreNotHeld() throws {
        #expect(try server.get("/api/orders?limit=0").status == 200)
        let before = try server.memory("VmRSS")
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        // Small receive buffers, so that the kernel's buffers cannot take the answers in.
        for _ in 0..<20 {
            let socket = try HTTPExchange.connect(port: server.port, receiveBuffer: 4096)
            try HTTPExchange.send(Data("GET /api/orders?limit=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), to: socket)
            sockets.append(socket)
        }
        // Time for most of the answers to be made (the listing above took the server far less,
        // and less than the request's time, after which a client reading nothing is cut off);
        // the server's peak resident memory over it.
        usleep(8_000_000)
        let peak = try server.memory("VmHWM")
        #expect(peak - before < Self.allowedGrowth, "grew by \(peak - before) bytes")
        #expect(try server.get("/api/stats").status == 200)
    }
}
