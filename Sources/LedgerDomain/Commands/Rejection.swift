/// Why a record was not applied: a SPEC §3 code and a sentence for people.
public struct Rejection: Error, Hashable, Sendable {
    public let code: RejectionCode
    public let message: String

    public init(_ code: RejectionCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
