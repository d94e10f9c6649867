internal import BatchFormats
import FoundationEssentials
internal import LedgerDomain

/// Reads and decodes a batch on a thread of its own, a few batches ahead of the writer, so that
/// parsing (one core) overlaps with applying records in LMDB (the other core).
///
/// The reader belongs to the pipeline's thread until `stop()` returns; only then may the caller
/// seek it and start a new pipeline.
// Safe: the queue and the flags are read and written only with `condition` held; the reader
// belongs to the thread until `stop()` returns.
final class RecordPipeline: @unchecked Sendable {
    private let condition = Condition()
    private var ready: [ParsedBatch] = []
    /// Batches the consumer is done with, dropped by the reading thread (see `recycle`).
    private var spent: [ParsedBatch] = []
    private var failure: (any Error)?
    private var producing = true
    private var stopping = false
    private let depth: Int

    /// Starts reading at the reader's current position, at most `depth` batches ahead: 12 batches
    /// of 2,048 records keep the applying thread fed, and a deeper queue raised the peak of a
    /// resumed `hostile` import without making it faster.
    init(reader: any BatchReader, decoder: CommandDecoder, batchSize: Int = 2_048, depth: Int = 12) {
        self.depth = depth
        // Safe: the reader is handed to the thread: the caller does not touch it until `stop()` returns.
        nonisolated(unsafe) let lent = reader
        DetachedThread.start(name: "orders-reader") { [self] in
            produce(reader: lent, decoder: decoder, batchSize: batchSize)
        }
    }

    deinit { stop() }

    /// The next batch, waiting for it if needed; `nil` once the last batch was taken.
    func next() throws -> ParsedBatch? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty, producing, failure == nil { condition.wait() }
        if let failure { throw failure }
        guard !ready.isEmpty else { return nil }
        let batch = ready.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Hands back a batch the caller is done with, so that the reading thread, which allocated
    /// its records, frees them: glibc then keeps the freed blocks in that thread's cache for its
    /// next batches, where a free on another thread contends for the reader's arena.
    func recycle(_ batch: ParsedBatch) {
        condition.lock()
        spent.append(batch)
        condition.unlock()
    }

    /// The batches handed back since the last call.
    private func takeSpent() -> [ParsedBatch] {
        condition.lock()
        defer { condition.unlock() }
        let batches = spent
        spent = []
        return batches
    }

    /// Stops the reading thread and waits until it no longer touches the reader.
    func stop() {
        condition.change({ stopping = true }, thenWaitUntil: { !producing })
    }

    private func produce(reader: any BatchReader, decoder: CommandDecoder, batchSize: Int) {
        defer {
            condition.lock()
            producing = false
            condition.broadcast()
            condition.unlock()
        }
        do {
            var isLast = false
            // The latest batch's text (the raw records, and what of their values had to be
            // unescaped): the next one's room, an eighth more (grown by doubling, the arrays were
            // copied once or twice per batch on batches with long ids).
            var textBytes = batchSize * 128
            while !isLast {
                // A batch handed back lends its arrays to the next one; the others are dropped
                // here, on this thread.
                var spent = takeSpent()
                var (records, text, malformed) = spent.popLast()?.arrays() ?? ([], DecodedText(), [])
                spent = []
                records.removeAll(keepingCapacity: true)
                text.removeAll()
                malformed.removeAll(keepingCapacity: true)
                records.reserveCapacity(batchSize)
                text.reserveCapacity(records: batchSize, bytes: textBytes + textBytes / 8)
                while records.count < batchSize {
                    guard let record = try reader.next() else {
                        isLast = true
                        break
                    }
                    // The record's bytes are copied once: the ids decoded from them point there.
                    let raw = text.appendRecord(record.raw)
                    var command: DecodedCommand?
                    switch record.content.flatMap({ decoder.decode($0, into: &text) }) {
                    case .success(let decoded): command = decoded
                    case .failure(let rejection): malformed.append(rejection)
                    }
                    records.append(ParsedRecord(line: record.line, rawRange: raw, command: command))
                }
                textBytes = max(text.bytes.count, batchSize * 16)
                let (hash, endsWithLineEnd) = reader.consumedBatchHash()
                let batch = ParsedBatch(
                    records: records, text: text, malformed: malformed, end: reader.position, hash: hash,
                    endsWithLineEnd: endsWithLineEnd,
                    isLast: isLast)
                condition.lock()
                while ready.count >= depth, !stopping { condition.wait() }
                let stopped = stopping
                if !stopped {
                    ready.append(batch)
                    condition.broadcast()
                }
                condition.unlock()
                if stopped { return }
            }
        } catch {
            condition.lock()
            failure = error
            condition.unlock()
        }
    }
}
