internal import LMDB
internal import LedgerDomain

/// Reads the lines of a cancelled order's `placed` event for the fold. The event lies anywhere
/// before the cancel, so when the replay releases the map's pages as it goes (`region`), reading
/// it in the map would fault and map the 64 KiB around it (the kernel's fault-around) for a few
/// lines, and those pages would add up to the next release: it is copied from the file instead
/// (`pread`), into a buffer reused from one cancel to the next.
final class PlacedLinesReader {
    private let region: MappedRegion?
    private let buffer: UnsafeMutableRawPointer

    /// The bytes of the largest `placed` event's header and lines.
    private static let capacity = EventLayout.headerSize + LedgerLimits.linesPerOrder.upperBound * EventLayout.Line.size

    /// `region`: the map whose pages are being released, if they are (otherwise the map is read).
    init(region: MappedRegion?) {
        self.region = region
        buffer = UnsafeMutableRawPointer.allocate(byteCount: region == nil ? 0 : Self.capacity, alignment: 8)
    }

    deinit { buffer.deallocate() }

    /// Whether the lines are copied from the file rather than read in the map.
    var copies: Bool { region != nil }

    /// The first `count` lines of the `placed` event at `start`: valid until the next call.
    // Safe: `start` is a placed event checked when it was folded, with at least `count` lines.
    func lines(ofPlacedEventAt start: UnsafeRawPointer, count: Int) -> EncodedEventLines {
        let size = EventLayout.headerSize + count * EventLayout.Line.size
        if let region, size <= Self.capacity, region.copy(size, at: start, into: buffer) {
            return EncodedEvent.lines(ofPlacedEventAt: UnsafeRawPointer(buffer), count: count)
        }
        return EncodedEvent.lines(ofPlacedEventAt: start, count: count)
    }
}
