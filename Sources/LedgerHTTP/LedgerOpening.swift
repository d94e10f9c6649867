/// Opens the ledger for a request. It throws, in the command line's words, when the store is
/// missing or damaged; the server answers that request 503 and asks again for the next one.
public protocol LedgerOpening: Sendable {
    func open() throws -> LedgerPorts
}
