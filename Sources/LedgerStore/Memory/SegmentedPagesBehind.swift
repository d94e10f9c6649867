/// A last pass over a `Segmented`'s values, in number order, that hands back the pages of the
/// values it has passed (`PagesBehind`, segment by segment): nothing may read them afterwards.
struct SegmentedPagesBehind<Element> {
    private let values: Segmented<Element>
    private var pages: [PagesBehind]
    /// The segment the pass is in.
    private var segment = 0

    init(_ values: Segmented<Element>) {
        self.values = values
        // Safe: the segments' storage lives as long as `values` holds them, and nothing mutates it.
        pages = values.segments.map { segment in segment.withUnsafeBytes { PagesBehind($0) } }
    }

    /// Hands back the whole pages of the values numbered before `number`.
    mutating func release(before number: Int) {
        while segment < pages.count {
            let start = values.starts[segment]
            let end = values.starts[segment + 1]
            values.segments[segment].withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                pages[segment].release(before: base + (min(number, end) - start) * MemoryLayout<Element>.stride)
            }
            guard number >= end else { return }
            segment += 1
        }
    }
}
