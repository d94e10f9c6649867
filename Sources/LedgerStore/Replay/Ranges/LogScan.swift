internal import LMDB

/// The entries of one range of `log` in seq order, for a replay's scan: read from the log's leaf
/// pages in the map (`LeafCursor`) when the replay was given them (verify, in a read snapshot;
/// rebuild, before its transaction writes), otherwise through an LMDB cursor, as they are from
/// wherever those pages stop fitting the layout (the cursor then goes on from the entry after the
/// last one given, so each comes once).
struct LogScan {
    private let cursor: Cursor
    private var leaves: LeafCursor?
    /// The seq the scan started at.
    private var from: UInt64 = 0

    /// A scan through `cursor`, a cursor of `log`, reading `pages` (the log's leaves) when given.
    init(_ cursor: Cursor, reading pages: LeafPages?) {
        self.cursor = cursor
        leaves = pages.map(LeafCursor.init)
    }

    /// The first entry whose seq is at least `seq`.
    mutating func first(atLeast seq: UInt64) throws -> Cursor.Entry? {
        from = seq
        guard leaves != nil else { return try cursor.seek(atLeast: BigEndianKey64(seq)) }
        if let entry = leaves!.seek(atLeast: BigEndianKey64(seq)) { return entry }
        return leaves!.failed ? try fallBack() : nil
    }

    /// The entry after the last one given.
    mutating func next() throws -> Cursor.Entry? {
        guard leaves != nil else { return try cursor.next() }
        if let entry = leaves!.next() { return entry }
        return leaves!.failed ? try fallBack() : nil
    }

    /// Goes on through the cursor from the entry after the last one the leaves gave: the cursor
    /// walks the same tree from the same seek, so its first entries are those.
    private mutating func fallBack() throws -> Cursor.Entry? {
        let given = leaves?.given ?? 0
        leaves = nil
        var entry = try cursor.seek(atLeast: BigEndianKey64(from))
        for _ in 0..<given where entry != nil { entry = try cursor.next() }
        return entry
    }
}
