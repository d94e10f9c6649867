import LedgerStore
import LedgerStoreWords

/// An error the command line reports as one line on standard error, with its exit status.
struct CommandFailure: Error {
    let message: String
    let exitStatus: Int32

    init(_ message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// The failure to open the store: a path that holds something other than an orders store (a
    /// file, another program's environment) is a usage error (exit 2) for every command; any other failure exits `status`.
    static func opening(_ error: any Error, otherwise status: Int32) -> CommandFailure {
        switch error as? StoreError {
        case .notAnOrdersStore, .notADirectory: return CommandFailure("\(error)", exitStatus: 2)
        default: return CommandFailure("\(error)", exitStatus: status)
        }
    }
}
