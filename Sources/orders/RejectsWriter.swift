import Foundation
import LedgerStore

/// Writes rejected records to the `--rejects` file, one JSON object per line. Used by one import
/// task at a time, hence `@unchecked Sendable`.
final class RejectsWriter: @unchecked Sendable {
    private let handle: UnsafeMutablePointer<FILE>
    private let path: String

    /// Opens `path` without truncating it, checks that what was opened is neither a batch nor a
    /// file of the store, and only then empties it.
    init(path: String, checkedBy check: WritePathCheck) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = Self.failure(path)
            Glibc.close(descriptor)
            throw failure
        }
        do {
            try check.checkRejects(path, identity: FileIdentity(info))
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        guard (info.st_mode & S_IFMT) != S_IFREG || ftruncate(descriptor, 0) == 0, let handle = fdopen(descriptor, "w") else {
            let failure = Self.failure(path)
            Glibc.close(descriptor)
            throw failure
        }
        self.handle = handle
        self.path = path
    }

    func write(_ record: RejectedRecord) throws {
        let line = record.jsonLine + "\n"
        guard fputs(line, handle) >= 0 else { throw Self.failure(path) }
        FaultInjection.reach(.midRejectsWrite)
    }

    func close() throws {
        guard fclose(handle) == 0 else { throw Self.failure(path) }
    }

    /// The error for a failed call on the rejects file, with the system's reason.
    private static func failure(_ path: String) -> CommandFailure {
        CommandFailure("cannot write the rejects file \(path): \(String(cString: strerror(errno)))", exitStatus: 2)
    }
}
