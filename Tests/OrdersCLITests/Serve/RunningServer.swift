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
