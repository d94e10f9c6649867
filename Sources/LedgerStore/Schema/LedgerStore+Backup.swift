import Foundation
internal import LMDB

extension LedgerStore {
    /// Copies the store into `directory` (created if missing; it must be empty) from one read
    /// snapshot, so imports may run meanwhile, and returns the copy's head seq (read back from the
    /// copy, which is opened to check it). `compact` leaves out free pages.
    public func backup(to directory: String, compact: Bool) throws(StoreError) -> UInt64 {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateDirectory(path: directory, code: mkdir(directory, 0o755) == 0 ? 0 : errno)
        }
        do {
            try environment.copy(to: directory, compact: compact)
        } catch {
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
}
