public import LedgerDomain

/// A well-formed command as `CommandDecoder` reads it, holding no `String` and no array of its
/// own: its ids and note are spans of a `DecodedText`'s bytes (ids with their hash), its lines a
/// range of that text's lines. Copying one copies plain bytes, so the importer's applying thread
/// neither retains nor releases anything per record.
public struct DecodedCommand: Sendable {
    // Laid out widest first: less padding per parsed record.
    public let at: Timestamp
    /// `pay` and `refund`: the amount; `place`: the order total (checked); else 0.
    public let amount: Int64
    /// `place`: its lines in the text's `lines`; else empty.
    public let lines: Range<Int>
    public let orderID: TextSpan
    /// `place`: the customer; else an empty span.
    public let customer: TextSpan
    public let commandID: TextSpan?
    /// A shipment's carrier or a cancellation's reason, when given.
    public let note: TextSpan?
    /// `place`: the currency; else packed 0.
    public let currency: Currency
    public let kind: CommandKind
}
