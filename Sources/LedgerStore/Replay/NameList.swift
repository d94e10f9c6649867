internal import CPrefetch
internal import LedgerDomain

/// Ids by dense number, their bytes kept end to end in a few buffers: no `String`, and no heap
/// object, per id. `verify` gathers the ids the log names into it and compares them in place
/// with the stored dictionaries; a `String` is made only for an id it has to print.
///
/// Each range of a replay gathers its own list, and the join appends them in log order: a list
/// appended takes its buffers along as a segment of its own (a handful per replay), so that
/// joining copies no id (the copies and their fresh pages would be most of the join, done on one
/// thread while the others wait).
public struct NameList: RandomAccessCollection, Equatable, Sendable {
    private var segments: [Segment] = []
    /// The number of the first id of each segment, and one past the last id.
    private var firsts = [0]

    /// Ids numbered from a segment's first: their bytes end to end, and where each ends.
    private struct Segment: Sendable {
        var bytes: [UInt8] = []
        var ends: [Int] = []
    }

    init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { firsts[firsts.count - 1] }

    /// The id of number `index`, as text.
    public subscript(index: Int) -> String {
        withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Lends `body` the bytes of the id of number `index`.
    func withBytes<R>(of index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let segment = segment(of: index)
        let local = index - firsts[segment]
        let start = local == 0 ? 0 : segments[segment].ends[local - 1]
        let end = segments[segment].ends[local]
        return try segments[segment].bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Gives `body` each of the first `count` ids (at most all) with its number, in number order,
    /// read along each segment's buffers.
    func forEachID(upTo count: Int, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
        for (segment, first) in zip(segments, firsts) where first < count {
            segment.bytes.withUnsafeBytes { bytes in
                segment.ends.withUnsafeBufferPointer { ends in
                    var start = 0
                    for local in 0..<Swift.min(ends.count, count - first) {
                        body(first + local, UnsafeRawBufferPointer(rebasing: bytes[start..<ends[local]]))
                        start = ends[local]
                    }
                }
            }
        }
    }

    /// Whether the id of number `index` is `other`, byte for byte.
    func hasBytes(_ other: UnsafeRawBufferPointer, at index: Int) -> Bool {
        withBytes(of: index) { $0.hasSameBytes(as: other) }
    }

    /// Starts bringing where id `index` ends into the cache: the first of the two misses of a
    /// lookup far from the one before (`prefetchBytes(of:)` is the second). A hint only: an
    /// index out of range is passed over.
    // Safe: the address is checked to lie in the array; a prefetch only hints the cache.
    func prefetchEnd(of index: Int) {
        guard index >= 0, index < endIndex else { return }
        let segment = segment(of: index)
        segments[segment].ends.withUnsafeBufferPointer { cprefetch_for_read($0.baseAddress! + (index - firsts[segment])) }
    }

    /// Starts bringing the first bytes of id `index` into the cache (once `prefetchEnd(of:)` has
    /// brought in where they begin).
    // Safe: as `prefetchEnd(of:)`.
    func prefetchBytes(of index: Int) {
        guard index >= 0, index < endIndex else { return }
        let segment = segment(of: index)
        let local = index - firsts[segment]
        let start = local == 0 ? 0 : segments[segment].ends[local - 1]
        segments[segment].bytes.withUnsafeBufferPointer { bytes in
            if start < bytes.count { cprefetch_for_read(bytes.baseAddress! + start) }
        }
    }

    /// The segment that holds id `index` (one of the few the join appended).
    private func segment(of index: Int) -> Int {
        var segment = segments.count - 1
        while index < firsts[segment] { segment -= 1 }
        return segment
    }

    /// Makes room for `ids` more ids of any length, so that the list never grows by copies (each
    /// copy onto fresh pages, which the kernel zeroes first, would add to verify's page faults).
    /// Room never touched costs no memory.
    mutating func reserve(ids: Int) {
        if segments.isEmpty {
            segments.append(Segment())
            firsts.append(0)
        }
        let last = segments.count - 1
        segments[last].ends.reserveCapacity(segments[last].ends.count + ids)
        segments[last].bytes.reserveCapacity(segments[last].bytes.count + ids * LedgerLimits.identifierLength.upperBound)
    }

    /// Adds the next id.
    mutating func append(_ name: UnsafeRawBufferPointer) {
        if segments.isEmpty {
            segments.append(Segment())
            firsts.append(0)
        }
        let last = segments.count - 1
        segments[last].bytes.append(contentsOf: name)
        segments[last].ends.append(segments[last].bytes.count)
        firsts[last + 1] += 1
    }

    /// Adds the ids of `other`, numbered after these; its buffers are taken over, not copied.
    mutating func append(contentsOf other: NameList) {
        for segment in other.segments where !segment.ends.isEmpty {
            segments.append(segment)
            firsts.append(endIndex + segment.ends.count)
        }
    }

    /// Equal when they hold the same ids, however they are split into segments.
    public static func == (left: NameList, right: NameList) -> Bool {
        left.count == right.count
            && left.indices.allSatisfy { index in
                left.withBytes(of: index) { mine in right.hasBytes(mine, at: index) }
            }
    }
}
