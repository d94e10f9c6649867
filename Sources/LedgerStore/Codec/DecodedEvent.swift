internal import LedgerDomain

/// A logged event with what the log keeps besides it: the ids it names first, and the seq of the
/// order's previous event (0 for `placed`).
struct DecodedEvent {
    let event: OrderEvent
    let names: NameDefinitions
    let previousSeq: UInt64
}
