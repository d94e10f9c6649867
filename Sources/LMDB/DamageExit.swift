internal import CLMDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How the process ends when a store proves damaged where LMDB does not return an error: one of
/// LMDB's own assertions fails (a page of the wrong kind where a cursor walks), or a page of a
/// mapped file is read past the file's end (SIGBUS: `data.mdb` or `lock.mdb` cut short while the
/// process reads it). Instead of an abort or a bus error with a core dump, one line on standard
/// error and the exit status given to `install`. Nothing is committed on the way out: a write
/// transaction in progress is lost, as if the process had been killed, and what was committed
/// before stays.
public enum DamageExit {
    /// The exit status (1 until `install` sets it).
    static let status = Atomic<Int32>(1)
    /// The first part of every line (`"orders: error: "`), set once by `install`.
    nonisolated(unsafe) static var prefix = ""
    /// The SIGBUS line, written before the handler is installed: a signal handler must not build it.
    nonisolated(unsafe) static var busErrorLine: UnsafeMutableBufferPointer<UInt8>?
    /// Set by the first thread that meets damage, which writes the line and ends the process.
    static let reporting = Atomic<Bool>(false)

    /// Ends the process with `exitStatus` on damage from now on; `prefix` starts each line. Call
    /// once, before any store is opened.
    public static func install(exitStatus: Int32, prefix: String) {
        status.store(exitStatus, ordering: .relaxed)
        Self.prefix = prefix
        let line = Array(
            (prefix + "a file of the store was cut short while this command read it (data.mdb or lock.mdb); "
                + "the command stopped, what was committed before stays; restore the store from a backup, "
                + "or run orders verify once the file is whole again\n").utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: line.count)
        _ = buffer.initialize(from: line)
        busErrorLine = buffer
        _ = reporting.load(ordering: .relaxed)  // initialised here, not first in a signal handler
        signal(SIGBUS, busError)
    }

    /// Changes the exit status (the import's errors exit 2, the other commands' 1).
    public static func setExitStatus(_ exitStatus: Int32) {
        status.store(exitStatus, ordering: .relaxed)
    }

    /// LMDB's assertion handler for `environment`: it names the store and what LMDB found.
    static func assertionFailed(_ environment: OpaquePointer?, _ message: UnsafePointer<CChar>?) {
        guard isFirstReport(reporting) else { awaitExit() }
        var path: UnsafePointer<CChar>?
        if let environment { _ = mdb_env_get_path(environment, &path) }
        let store = path.map { String(cString: $0) } ?? "?"
        let what = message.map { String(cString: $0) } ?? "an internal check failed"
        let line =
            prefix + "the store at \(printable(store)) is damaged: a page of its data file is not what "
            + "LMDB expects (\(printable(what))); restore the store from a backup\n"
        fflush(nil)
        writeAll(Array(line.utf8))
        _exit(status.load(ordering: .relaxed))
    }

    /// Whether the caller is the first to report damage through `gate`. Threads of one command
    /// (the replay's, verify's) walk the store at once and may meet a damaged page, or a file cut
    /// short, together: only the first writes its line; the others `awaitExit()`, so that the user
    /// sees one line. Async-signal-safe (one atomic exchange).
    static func isFirstReport(_ gate: borrowing Atomic<Bool>) -> Bool {
        !gate.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Waits until the first report ends the process (async-signal-safe).
    static func awaitExit() -> Never {
        while true { pause() }
    }

    /// `text` with control characters replaced by `?`, so that a path cannot drive the terminal.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// Writes `bytes` to standard error; a failed write is not reported (nowhere is left to report it).
    private static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let count = write(STDERR_FILENO, raw.baseAddress! + written, raw.count - written)
                if count <= 0 { return }
                written += count
            }
        }
    }
}

/// The SIGBUS handler: async-signal-safe (`write` of the line made beforehand, `_exit`).
private func busError(_ signal: Int32) {
    guard DamageExit.isFirstReport(DamageExit.reporting) else { DamageExit.awaitExit() }
    if let line = DamageExit.busErrorLine, let base = line.baseAddress {
        _ = write(STDERR_FILENO, base, line.count)
    }
    _exit(DamageExit.status.load(ordering: .relaxed))
}
