import FoundationEssentials
import Glibc

/// The `--rejects` file could not be opened or written: its path and the system's reason.
struct RejectsFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    var description: String { "cannot write the rejects file \(path): \(reason)" }
}
