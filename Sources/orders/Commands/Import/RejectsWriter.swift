import FoundationEssentials
import Glibc
import LedgerServices
import LedgerStore
import SystemPaths

/// Writes rejected records to the `--rejects` file, one JSON object per line, flushing each
/// chunk's before the chunk commits.
// Safe: used by one import task at a time, which writes each chunk's rejections before the next.
final class RejectsWriter: RejectsOutput, @unchecked Sendable {
    private let handle: UnsafeMutablePointer<FILE>
    let path: String
    /// The chunk written last and where its records start, to replace them when it is retried.
    private var lastChunk: (chunk: Int, offset: Int)?

    /// Opens `path` without truncating it, checks that what was opened is neither a batch nor a
    /// file of the store, and only then empties it.
    init(path: String, checkedBy check: WritePathCheck) throws(CommandFailure) {
        let descriptor = SystemPath.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = Self.failure(path)
            Glibc.close(descriptor)
            throw failure
        }
        do {
            try check.checkOutput(path, identity: FileIdentity(info))
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

    func write(_ records: [RejectedRecord], chunk: Int) throws {
        if let lastChunk, lastChunk.chunk == chunk {
            guard fflush(handle) == 0, ftruncate(fileno(handle), off_t(lastChunk.offset)) == 0,
                fseek(handle, lastChunk.offset, SEEK_SET) == 0
            else { throw RejectsFileError(path: path, errno: errno) }
        } else {
            lastChunk = (chunk, ftell(handle))
        }
        guard !records.isEmpty else { return }
        for record in records {
            guard fputs(record.jsonLine + "\n", handle) >= 0 else { throw RejectsFileError(path: path, errno: errno) }
            FaultInjection.reach(.midRejectsWrite)
        }
        guard fflush(handle) == 0 else { throw RejectsFileError(path: path, errno: errno) }
    }

    func close() throws(RejectsFileError) {
        guard fclose(handle) == 0 else { throw RejectsFileError(path: path, errno: errno) }
    }

    /// The error for a failed call on the rejects file while opening it, with the system's reason.
    private static func failure(_ path: String) -> CommandFailure {
        CommandFailure(RejectsFileError(path: path, errno: errno).description, exitStatus: 2)
    }
}
