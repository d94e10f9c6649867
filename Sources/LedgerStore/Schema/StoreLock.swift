import FoundationEssentials
import Glibc
import SystemPaths

/// The lock an import or a rebuild holds on a store for as long as it writes (`import.lock` in
/// the store's directory, with the holder's pid and role in it): one at a time, across processes
/// and within one. A second writer waits, saying so after a second and every ten seconds after.
/// A dry run holds it too while it copies the store, writing nothing into it.
public final class StoreLock {
    private let descriptor: Int32
    /// What the holder wrote into the lock file (`nil`: a copier, which writes nothing).
    private let role: String?

    /// Takes the lock of the store at `directory`, waiting for at most `limit` seconds (`nil`: as
    /// long as it takes). `notice` gets the lines to show while waiting.
    public convenience init(directory: String, role: String, limit: Double?, notice: (String) -> Void)
        throws(StoreError)
    {
        let descriptor = SystemPath.open(directory + "/import.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError.notWritable(path: directory, code: errno)
        }
        try self.init(descriptor: descriptor, directory: directory, role: role, limit: limit, notice: notice)
    }

    /// Takes the lock for a copy of the store at `directory` (a dry run's), so that no import or
    /// rebuild is halfway when the copy is taken: waits as a writer does, but creates and writes
    /// nothing in the store. `nil` when the store has no lock file: no import ever wrote it.
    public convenience init?(copying directory: String, limit: Double?, notice: (String) -> Void) throws(StoreError) {
        let descriptor = SystemPath.open(directory + "/import.lock", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        try self.init(descriptor: descriptor, directory: directory, role: nil, limit: limit, notice: notice)
    }

    /// Locks `descriptor`, the store's open lock file, and writes `role` into it.
    private init(descriptor: Int32, directory: String, role: String?, limit: Double?, notice: (String) -> Void)
        throws(StoreError)
    {
        let path = directory + "/import.lock"
        // `self.descriptor` is set only once the lock is held: an init that throws before that
        // does not run `deinit`, which would otherwise truncate and close the descriptor's number
        // a second time after it was closed here (by then maybe another thread's file: a store's
        // lock.mdb cut to nothing under its map, a SIGBUS at the next commit).
        let started = Date()
        var nextNotice = 1.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw StoreError.cannotLock(path: directory, lockFile: path, code: code)
            }
            let waited = Date().timeIntervalSince(started)
            let holder = Self.holder(descriptor)
            if let limit, waited >= limit {
                close(descriptor)
                throw StoreError.busy(path: directory, holder: holder, seconds: limit)
            }
            if waited >= nextNotice {
                notice(
                    nextNotice == 1
                        ? "waiting for \(holder) to finish with the store at \(directory)…"
                        : "still waiting for \(holder) (\(Int(waited)) s)…")
                nextNotice = nextNotice == 1 ? 10 : nextNotice + 10
            }
            usleep(20_000)
        }
        self.descriptor = descriptor
        self.role = role
        guard let role else { return }
        let mark = "\(getpid()) \(role)\n"
        _ = ftruncate(descriptor, 0)
        _ = mark.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        if role != nil { _ = ftruncate(descriptor, 0) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Who holds the lock, in words: "another import (pid N)".
    private static func holder(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let parts = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let pid = Int(parts[0]), ["import", "rebuild"].contains(String(parts[1])) else {
            return "another import or rebuild"
        }
        return "another \(parts[1]) (pid \(pid))"
    }
}
