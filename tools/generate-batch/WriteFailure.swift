import Foundation

/// The batch could not be written in full.
struct WriteFailure: Error, CustomStringConvertible {
    let destination: String
    let code: Int32

    var description: String {
        let reason = code != 0 ? String(cString: strerror(code)) : "input/output error"
        return "cannot write \(destination): \(reason); free some space or choose another --output"
    }
}
