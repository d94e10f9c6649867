/// Raw bytes owned by an object, so they are freed however their owner goes away (a reader whose
/// `init` throws never runs its own `deinit`; the fuzzer found that leak).
// Safe: the buffer is allocated here, freed once in deinit or when it grows, and never lent past the next call.
final class OwnedBytes {
    private(set) var buffer: UnsafeMutableRawBufferPointer

    init(capacity: Int) { buffer = .allocate(byteCount: capacity, alignment: 16) }

    deinit { buffer.deallocate() }

    /// Makes room for at least `count` bytes; earlier contents are dropped.
    func reserve(_ count: Int) {
        guard buffer.count < count else { return }
        buffer.deallocate()
        buffer = .allocate(byteCount: count, alignment: 16)
    }

    var baseAddress: UnsafeMutableRawPointer { buffer.baseAddress! }
}
