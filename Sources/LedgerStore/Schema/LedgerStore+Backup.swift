import FoundationEssentials
import Glibc
internal import LMDB
import SystemPaths

extension LedgerStore {
    /// Copies the store into `directory` (created if missing; it must be empty) from one read
    /// snapshot, so imports may run meanwhile, and returns the copy's head seq (read back from the
    /// copy, which is opened to check it). `compact` leaves out free pages.
    ///
    /// The copy's data file is created exclusively: of two backups into one directory, the one
    /// that creates it first wins and the other throws `backupDirectoryTaken`. A failed backup
    /// removes only what it made (its data file, the directory if it made that), never another
    /// backup's copy.
    public func backup(to directory: String, compact: Bool) throws(StoreError) -> UInt64 {
        let madeDirectory = try Self.makeDirectory(directory)
        do {
            try environment.copy(to: directory, compact: compact)
        } catch {
            if error.code == EEXIST { throw StoreError.backupDirectoryTaken(path: directory) }
            // The data file was created exclusively by this copy (or not at all).
            SystemPath.unlink(directory + "/data.mdb")
            if madeDirectory { SystemPath.rmdir(directory) }
            if error.isPermissionDenied { throw StoreError.notWritable(path: directory, code: error.code) }
            if error.isNoSpace { throw StoreError.diskFull(path: directory, free: Self.freeBytes(directory) ?? 0) }
            throw StoreError.engine(error)
        }
        do {
            return try LedgerStore(path: directory, readOnly: true).headSeq()
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt("the copy at \(directory) cannot be read back: \(error)")
        }
    }

    /// Makes `directory` (and the directories above it); whether this call made `directory` itself
    /// (`false`: it was there, or another process made it meanwhile).
    private static func makeDirectory(_ directory: String) throws(StoreError) -> Bool {
        if SystemPath.mkdir(directory, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        if errno == ENOENT, let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            let code = SystemPath.makeDirectories(String(directory[..<slash]))
            if code != 0 { throw StoreError.cannotCreateDirectory(path: directory, code: code) }
        }
        if SystemPath.mkdir(directory, 0o755) == 0 { return true }
        if errno == EEXIST { return false }
        throw StoreError.cannotCreateDirectory(path: directory, code: errno)
    }
}
