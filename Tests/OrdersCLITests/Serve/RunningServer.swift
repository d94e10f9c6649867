import Foundation

/// `orders serve` started as a user starts it, on a loopback port the system picks (`--listen
/// 127.0.0.1:0`); the port is read from the line it prints once it listens. `stop` ends it with
/// SIGTERM, as a service manager would.
final class RunningServer {
    let process: Process
    let port: Int

    init(store: String, arguments: [String] = []) throws {
        process = OrdersBinary.start(["serve", "--store", store, "--listen", "127.0.0.1:0"] + arguments)
        let output = (process.standardOutput as! Pipe).fileHandleForReading
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let more = output.availableData
            guard !more.isEmpty else { break }
            printed.append(more)
        }
        let line = String(decoding: printed, as: UTF8.self)
        guard let match = line.firstMatch(of: #/listening on http://127\.0\.0\.1:(\d+)//#), let port = Int(match.1) else {
            let errors = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
            throw ServerDidNotStart(printed: line + String(decoding: errors, as: UTF8.self))
        }
        self.port = port
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        let printed: String
        var description: String { "orders serve did not start: \(printed)" }
    }

    /// Sends `request` (a whole HTTP/1.1 request) and reads the answer.
    func exchange(_ request: String) throws -> HTTPExchange {
        try HTTPExchange(port: port, request: Data(request.utf8))
    }

    /// `GET target` with `Connection: close` and any `headers`.
    func get(_ target: String, method: String = "GET", headers: [String] = []) throws -> HTTPExchange {
        try exchange(
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// A field of the server's `/proc/PID/status` in bytes (`VmRSS`, `RssAnon`: memory resident now).
    func memory(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let match = line.firstMatch(of: #/(\d+) kB/#), let kibibytes = Int(match.1)
        else { throw HTTPExchange.Failure("no \(field) in the server's /proc status") }
        return kibibytes * 1024
    }

    /// Whether the server's end of the connection from the client's `socket` is still established,
    /// as the kernel's table of TCP connections (`/proc/net/tcp`) has it.
    func holdsConnection(of socket: Int32) throws -> Bool {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard named == 0 else { throw HTTPExchange.Failure("getsockname: \(String(cString: strerror(errno)))") }
        let local = String(format: "0100007F:%04X", port)
        let remote = String(format: "0100007F:%04X", Int(UInt16(bigEndian: address.sin_port)))
        // Read to its end: the kernel writes the table a page at a time, and a file of size 0 is
        // not read whole by the one read Foundation makes of it.
        let descriptor = open("/proc/net/tcp", O_RDONLY)
        guard descriptor >= 0 else { throw HTTPExchange.Failure("/proc/net/tcp: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw HTTPExchange.Failure("/proc/net/tcp: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        let table = String(decoding: bytes, as: UTF8.self)
        // Columns: number, local address, remote address, state (01: established), …
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[1] == local && fields[2] == remote && fields[3] == "01"
        }
    }

    /// Ends the server with SIGTERM and waits for it; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit { stop() }
}
