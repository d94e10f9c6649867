/// An error the command line reports as one line on standard error, with its exit status.
struct CommandFailure: Error {
    let message: String
    let exitStatus: Int32

    init(_ message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }
}
