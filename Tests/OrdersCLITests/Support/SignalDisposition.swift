import Foundation

/// Whether a running process catches a signal, read from `/proc/PID/status` (Linux): how a test
/// knows, without waiting a time, that `orders` has installed its handlers, and that a handler
/// has run (it restores the default disposition when it does).
enum SignalDisposition {
    static func isCaught(_ signal: Int32, by pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }

    /// Waits until `isCaught(signal, by: process)` is `caught`, or the process ended.
    static func wait(until caught: Bool, _ signal: Int32, by process: Process) {
        while process.isRunning, isCaught(signal, by: process.processIdentifier) != caught { usleep(1_000) }
    }
}
