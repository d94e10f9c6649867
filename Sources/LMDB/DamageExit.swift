internal import CLMDB
import Synchronization
import SystemPaths

#if canImport(Glibc)
    import Glibc
#endif

/// How the process ends when a store proves damaged where LMDB does not return an error: one of
/// LMDB's own assertions fails (a page of the wrong kind where a cursor walks), a page of a
/// mapped file is read past the file's end (SIGBUS: `data.mdb` or `lock.mdb` cut short while the
/// process reads it), or LMDB reads outside any page (SIGSEGV in liblmdb's code, or in libc's
/// `memcpy` or `memcmp` called from it: a damaged page's offsets or sizes; LMDB does not check
/// its pages). Instead of an abort, a bus error or a segmentation fault with a core dump, one
/// line on standard error and the exit status given to `install`. A segmentation fault anywhere
/// else is not damage LMDB met: it ends the process as it would have. Nothing is committed on the way out: a write
/// transaction in progress is lost, as if the process had been killed, and what was committed
/// before stays.
public enum DamageExit {
    /// The exit status (1 until `install` sets it).
    static let status = Atomic<Int32>(1)
    // The five below are set by `install` before it installs the handlers that read them, and never
    // written again: a signal handler on any thread reads settled values.
    /// The first part of every line (`"orders: error: "`), set once by `install`.
    nonisolated(unsafe) static var prefix = ""  // Safe: set before the handlers, never again.
    /// The SIGBUS line, written before the handler is installed: a signal handler must not build it.
    // Safe: set before the handlers, never again; the buffer is never freed.
    nonisolated(unsafe) static var busErrorLine: UnsafeMutableBufferPointer<UInt8>?
    /// The SIGSEGV line, made beforehand too.
    // Safe: set before the handlers, never again; the buffer is never freed.
    nonisolated(unsafe) static var wildReadLine: UnsafeMutableBufferPointer<UInt8>?
    /// Where liblmdb's code and libc's are mapped (`codeRanges`), for the SIGSEGV handler.
    nonisolated(unsafe) static var lmdbCode: Range<UInt> = 0..<0  // Safe: set before the handlers, never again.
    nonisolated(unsafe) static var libcCode: Range<UInt> = 0..<0  // Safe: set before the handlers, never again.
    /// Set by the first thread that meets damage, which writes the line and ends the process.
    static let reporting = Atomic<Bool>(false)

    /// Ends the process with `exitStatus` on damage from now on; `prefix` starts each line. Call
    /// once, before any store is opened.
    public static func install(exitStatus: Int32, prefix: String) {
        status.store(exitStatus, ordering: .relaxed)
        Self.prefix = prefix
        let line = Array(
            (prefix + "a file of the store was cut short while this command read it (data.mdb or lock.mdb), "
                + "or a damaged page points past its end; the command stopped, what was committed before stays; "
                + "restore the store from a backup, or run orders verify once the file is whole again\n").utf8)
        busErrorLine = lasting(line)
        wildReadLine = lasting(
            Array(
                (prefix + "a store's data file is damaged: LMDB read outside its pages (a segmentation fault in "
                    + "liblmdb); the command stopped, what was committed before stays; restore the store from a backup\n")
                    .utf8))
        (lmdbCode, libcCode) = codeRanges()
        _ = reporting.load(ordering: .relaxed)  // initialised here, not first in a signal handler
        signal(SIGBUS, busError)
        if !lmdbCode.isEmpty {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = segmentationFault
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            sigaction(SIGSEGV, &action, nil)
        }
    }

    /// `bytes` in memory that lives as long as the process (a signal handler writes it).
    private static func lasting(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return buffer
    }

    /// Where the executable code of liblmdb and of libc is mapped in this process, read from
    /// `/proc/self/maps` (empty ranges when it cannot be read). Its bytes are parsed as they are:
    /// every command starts with this, and `String`'s splitting cost a millisecond of it.
    static func codeRanges() -> (lmdb: Range<UInt>, libc: Range<UInt>) {
        // Read to its end: a file of /proc has no size to read up to.
        let file = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return (0..<0, 0..<0) }
        defer { close(file) }
        var maps: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            maps += chunk[..<count]
        }
        var lmdb: Range<UInt> = 0..<0
        var libc: Range<UInt> = 0..<0
        for line in maps.split(separator: UInt8(ascii: "\n")) {
            // "start-end perms offset device inode path"
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 6, fields[1].contains(UInt8(ascii: "x")) else { continue }
            let bounds = fields[0].split(separator: UInt8(ascii: "-"))
            guard bounds.count == 2, let start = hexadecimal(bounds[0]), let end = hexadecimal(bounds[1]), start < end else {
                continue
            }
            let name = fields[5].split(separator: UInt8(ascii: "/")).last ?? []
            func isNamed(_ prefix: String) -> Bool { name.starts(with: prefix.utf8) }
            if isNamed("liblmdb.so") {
                lmdb = lmdb.isEmpty ? start..<end : min(lmdb.lowerBound, start)..<max(lmdb.upperBound, end)
            } else if isNamed("libc.so") {
                libc = libc.isEmpty ? start..<end : min(libc.lowerBound, start)..<max(libc.upperBound, end)
            }
        }
        return (lmdb, libc)
    }

    /// The number spelt by `digits` in lower-case hexadecimal, as `/proc/self/maps` writes it.
    private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    /// Whether a SIGSEGV with `code` (`si_code`) and machine context `context` is a fault LMDB
    /// made: raised by the kernel for an access (a positive code; a signal sent by `kill` or
    /// `raise` has none, wherever it lands), in liblmdb's code (`faultIsInLMDB`).
    static func isLMDBFault(code: Int32, context: UnsafeMutableRawPointer) -> Bool {
        code > 0 && faultIsInLMDB(context)
    }

    /// Whether the fault whose machine context is `context` happened in liblmdb's code, or in
    /// libc's called straight from it (`memcpy`, `memcmp`: they keep their return address on
    /// top of the stack). Async-signal-safe: it only reads the context and the faulting stack.
    // Safe: `context` is the `ucontext_t` the kernel passed the handler; the stack pointer in it
    // points into the faulting thread's stack, whose top word holds the caller's return address.
    static func faultIsInLMDB(_ context: UnsafeMutableRawPointer) -> Bool {
        #if arch(x86_64)
            let registers = context.assumingMemoryBound(to: ucontext_t.self).pointee.uc_mcontext.gregs
            let (instruction, stack) = withUnsafeBytes(of: registers) { raw in
                // glibc's REG_RIP and REG_RSP (<sys/ucontext.h>, which Swift imports without them).
                (
                    raw.load(fromByteOffset: 16 * MemoryLayout<greg_t>.stride, as: UInt.self),
                    raw.load(fromByteOffset: 15 * MemoryLayout<greg_t>.stride, as: UInt.self)
                )
            }
            if lmdbCode.contains(instruction) { return true }
            guard libcCode.contains(instruction), let top = UnsafePointer<UInt>(bitPattern: stack) else { return false }
            return lmdbCode.contains(top.pointee)
        #else
            return false
        #endif
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
        let store = path.map { SystemPath.text(cString: $0) } ?? "?"
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

    /// `text` with control characters replaced by `?`, so that a path cannot drive the terminal,
    /// and a byte of a path that is not UTF-8 (`SystemPath`) shown as `\xNN`.
    private static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if let byte = SystemPath.byte(scalar) {
                shown += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            } else {
                shown.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
            }
        }
        return shown
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

/// The SIGSEGV handler: damage when the fault is LMDB's (`DamageExit.faultIsInLMDB`), reported as
/// SIGBUS is; otherwise the default action, as if no handler had been installed (a fault runs its
/// instruction again on return, a signal sent is delivered again once unblocked).
private func segmentationFault(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    if let info, let context, DamageExit.isLMDBFault(code: info.pointee.si_code, context: context) {
        guard DamageExit.isFirstReport(DamageExit.reporting) else { DamageExit.awaitExit() }
        if let line = DamageExit.wildReadLine, let base = line.baseAddress {
            _ = write(STDERR_FILENO, base, line.count)
        }
        _exit(DamageExit.status.load(ordering: .relaxed))
    }
    Glibc.signal(SIGSEGV, SIG_DFL)
    raise(SIGSEGV)
}

/// The SIGBUS handler: async-signal-safe (`write` of the line made beforehand, `_exit`).
private func busError(_ signal: Int32) {
    guard DamageExit.isFirstReport(DamageExit.reporting) else { DamageExit.awaitExit() }
    if let line = DamageExit.busErrorLine, let base = line.baseAddress {
        _ = write(STDERR_FILENO, base, line.count)
    }
    _exit(DamageExit.status.load(ordering: .relaxed))
}
