/// What a query says, on standard error, when the read models it answers from stand behind the
/// log: after a killed import they still show the ledger before it, and an order it placed is
/// "not in this store" until the next import or a rebuild.
enum LagNotice {
    /// Why read models lag, and what brings them up to date.
    static let why = "an import is under way or did not finish; the next import or orders rebuild brings them up to date"

    /// Writes the note if the read models stand at a `checkpoint` below the log's `head` (`nil`: a
    /// store that cannot say is left to the query).
    static func write(standing: (checkpoint: UInt64, head: UInt64)?) {
        guard let standing, standing.checkpoint < standing.head else { return }
        Terminal.writeStandardError(
            "orders: note: the read models show the log up to seq \(standing.checkpoint) of \(standing.head): \(why)\n")
    }
}
