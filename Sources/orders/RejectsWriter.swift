import Foundation
import LedgerStore

/// Writes rejected records to the `--rejects` file, one JSON object per line, flushing each
/// chunk's before the chunk commits. Used by one import task at a time, hence `@unchecked Sendable`.
final class RejectsWriter: RejectsOutput, @unchecked Sendable {
    private let handle: UnsafeMutablePointer<FILE>
    let path: String
    /// The chunk written last and where its records start, to replace them when it is retried.
    private var lastChunk: (chunk: Int, offset: Int)?

    /// Opens (truncates) `path`; a path that cannot be opened is a one-line error.
    init(path: String) throws(RejectsFileError) {
        guard let handle = fopen(path, "w") else { throw RejectsFileError(path: path, errno: errno) }
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
}
