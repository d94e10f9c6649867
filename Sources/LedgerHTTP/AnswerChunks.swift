import Dispatch
import NIOCore
import Synchronization

/// The chunks of one answer, passed from the thread that writes them from a snapshot of the store
/// to the connection that sends them. The writing thread waits while `chunksAhead` chunks are not
/// yet sent, so a listing of every order holds a few chunks, not its whole body; it stops once the
/// connection has gone (`abandon`) or has taken nothing for the request's time.
final class AnswerChunks: Sendable {
    /// How many chunks may wait for the connection before the writing thread waits.
    static let chunksAhead = 2

    let stream: AsyncThrowingStream<ByteBuffer, any Error>
    private let continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation
    /// Made with no permit, then given `chunksAhead`: libdispatch stops a process that frees a
    /// semaphore holding fewer permits than it was made with, as an abandoned answer's does.
    private let room = DispatchSemaphore(value: 0)
    private let abandoned = Atomic<Bool>(false)
    /// The longest wait for room, in nanoseconds: a connection that takes nothing this long is
    /// taken for gone.
    private let waitNanoseconds: Int64

    init(limits: ServerLimits) {
        (stream, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
        waitNanoseconds = limits.requestNanoseconds
        for _ in 0..<Self.chunksAhead { room.signal() }
        continuation.onTermination = { [weak self] _ in self?.abandon() }
    }

    /// Hands `text` on, once there is room for it; throws once the connection has gone.
    func hand(_ text: String) throws {
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: waitNanoseconds))
        guard room.wait(timeout: deadline) == .success, !abandoned.load(ordering: .acquiring) else {
            throw CancellationError()
        }
        if case .terminated = continuation.yield(ByteBuffer(string: text)) { throw CancellationError() }
    }

    /// The answer is whole.
    func end() { continuation.finish() }

    /// The answer cannot be written: before its first chunks, `error` becomes its status.
    func fail(_ error: any Error) { continuation.finish(throwing: error) }

    /// The connection has sent one chunk: one more may be written.
    func sent() { room.signal() }

    /// The connection has gone, or wants no body: the writing thread stops at its next chunk.
    func abandon() {
        abandoned.store(true, ordering: .releasing)
        room.signal()
    }
}
