import Foundation
import LedgerServices
import LedgerStore

/// Writes rejected records to the `--rejects` file, one JSON object per line. Used by one import
/// task at a time, hence `@unchecked Sendable`.
final class RejectsWriter: @unchecked Sendable {
    private let handle: UnsafeMutablePointer<FILE>
    private let path: String

    init?(path: String) {
        guard let handle = fopen(path, "w") else { return nil }
        self.handle = handle
        self.path = path
    }

    func write(_ record: RejectedRecord) throws {
        let line = record.jsonLine + "\n"
        guard fputs(line, handle) >= 0 else {
            throw CommandFailure("cannot write the rejects file \(path): \(String(cString: strerror(errno)))", exitStatus: 2)
        }
        FaultInjection.reach(.midRejectsWrite)
    }

    func close() throws {
        guard fclose(handle) == 0 else {
            throw CommandFailure("cannot write the rejects file \(path): \(String(cString: strerror(errno)))", exitStatus: 2)
        }
    }
}
