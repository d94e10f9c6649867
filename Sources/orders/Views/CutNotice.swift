import LedgerPresentation

/// What a listing says when a limit cut it: the table's last line, or a note on standard error
/// for JSON, JSON Lines and CSV, so that a script never loses rows without a word.
struct CutNotice {
    /// The rows shown and how many there were in all.
    let shown: Int
    let total: Int
    /// The rows' name in the plural (`orders`).
    let noun: String
    /// The option that lifts the cut (`--limit 0`).
    let lift: String

    /// Whether the limit left rows out.
    var cuts: Bool { total > shown }

    /// `100 of 5,200 orders (--limit 0 for all)`, or `6 orders` when nothing was cut.
    var tableLine: String {
        guard cuts else { return "\(DigitGrouping.grouped(total)) \(total == 1 ? String(noun.dropLast()) : noun)" }
        return "\(DigitGrouping.grouped(shown)) of \(DigitGrouping.grouped(total)) \(noun) (\(lift) for all)"
    }

    /// Writes the note for a machine format on standard error, if the limit left rows out.
    func writeNote() {
        guard cuts else { return }
        Terminal.writeStandardError("orders: note: \(shown) of \(total) \(noun) written (\(lift) for all)\n")
    }
}
