import LedgerDomain
import LedgerPresentation
import LedgerServices

extension RejectedRecord {
    /// One line of the rejects file: `{"file", "line", "code", "message", "record"}`.
    var jsonLine: String {
        let record = raw.withUnsafeBytes { JSONText.quote(bytes: $0) }
        return "{\"file\":\(JSONText.quote(file)),\"line\":\(line),\"code\":\"\(rejection.code.rawValue)\","
            + "\"message\":\(JSONText.quote(rejection.message)),\"record\":\(record)}"
    }
}
