import Foundation

/// Whether a running process is blocked writing to a full pipe, read from
/// `/proc/PID/task/TID/wchan` (Linux): how a test knows, without waiting a time, that a process
/// cannot get past a write until the test reads.
enum BlockedWrite {
    static func isBlockedWritingToAPipe(_ pid: Int32) -> Bool {
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
        return threads.contains { thread in
            let channel = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/wchan", encoding: .utf8)
            return channel?.contains("pipe_write") == true
        }
    }

    /// Waits until one of the process's threads is blocked writing to a pipe, or the process ended.
    static func wait(for process: Process) {
        while process.isRunning, !isBlockedWritingToAPipe(process.processIdentifier) { usleep(1_000) }
    }
}
