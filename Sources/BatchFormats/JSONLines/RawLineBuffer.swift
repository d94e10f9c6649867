/// The elements of the JSON `lines` array a reader parses, kept for one record at a time: the
/// record's `RawField.lines` points into it until the reader's next record, so that no array is
/// made per record.
// Safe: the memory is the buffer's own; it moves (grows) only while an array's elements are
// appended, before the view of them is taken (`elements`), and a view is read only before the
// reader's next record empties the buffer.
final class RawLineBuffer {
    private var storage: UnsafeMutablePointer<RawLine>
    private var capacity = 16
    private var count = 0

    init() {
        storage = .allocate(capacity: capacity)
    }

    // `RawLine` is bitwise copyable: nothing to deinitialize.
    deinit { storage.deallocate() }

    /// Forgets the elements held (the last record's).
    func removeAll() { count = 0 }

    func append(_ line: RawLine) {
        if count == capacity {
            let larger = UnsafeMutablePointer<RawLine>.allocate(capacity: capacity * 2)
            larger.initialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: line)
        count += 1
    }

    /// The elements appended since `removeAll`, valid until the buffer is next changed.
    var elements: UnsafeBufferPointer<RawLine> { UnsafeBufferPointer(start: storage, count: count) }
}
