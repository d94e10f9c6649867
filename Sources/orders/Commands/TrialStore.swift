import Foundation
import LedgerStore

/// What `import --dry-run` imports into: a compacted copy of the store in the temporary
/// directory (or a new, empty store when there is none yet), so that every record is decided
/// against exactly what the store holds and the store itself is never opened for writing.
struct TrialStore {
    let directory: String
    let store: LedgerStore

    /// Copies the store at `path` (a missing store: an empty one); store errors exit 2.
    init(copying path: String) throws {
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((temporary + "/orders-dry-run-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CommandFailure(
                "cannot make a directory for the dry run in \(temporary): \(String(cString: strerror(errno)))", exitStatus: 2)
        }
        directory = String(cString: made)
        do {
            if FileManager.default.fileExists(atPath: path + "/data.mdb") {
                _ = try LedgerStore(path: path, readOnly: true).backup(to: directory, compact: true)
            }
            store = try LedgerStore(path: directory, durable: false)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw CommandFailure("\(error)", exitStatus: 2)
        }
    }

    /// Removes the copy.
    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
