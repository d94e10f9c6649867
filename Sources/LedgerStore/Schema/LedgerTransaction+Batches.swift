internal import LMDB
internal import LedgerDomain

/// Batch records, their head index and their rejections (store format 2).
extension LedgerTransaction {
    /// The batch databases; `nil` in a format-1 store opened read-only (it has no batch records).
    var batchDatabases: BatchDatabases? { databases.batchRecords }

    func batch(_ number: UInt64) throws -> StoredBatch? {
        guard let batches = batchDatabases?.batches else { return nil }
        return try txn.get(batches, BigEndianKey64(number)).map { bytes throws(StoreError) in
            try StoredBatch(decoding: bytes, number: number, checked: databases.checked)
        }
    }

    /// The number a new batch record gets.
    func nextBatchNumber() throws -> UInt64 {
        guard let batches = batchDatabases?.batches else { throw StoreError.corrupt("the store has no batch records") }
        return try txn.withCursor(batches) { cursor in try cursor.last().map { BigEndianKey64.decode($0.key) + 1 } ?? 1 }
    }

    /// Stores batch `number` and its head key; `head` is the file's first min(4 KiB, size) bytes,
    /// `previous` the record it replaces (whose head key goes when it differs).
    func putBatch(_ number: UInt64, _ batch: StoredBatch, head: [UInt8], replacing previous: StoredBatch?) throws {
        guard let databases = batchDatabases else { throw StoreError.corrupt("the store has no batch records") }
        try txn.put(databases.batches, BigEndianKey64(number), reserving: StoredBatch.size) {
            batch.encode(into: $0, number: number, head: head)
        }
        let key = BatchHead.key(
            format: batch.format, head: head, covered: batch.next.offset, digest: batch.digest, number: number)
        if let previous {
            let old = BatchHead.key(
                format: previous.format, head: head, covered: previous.next.offset, digest: previous.digest, number: number)
            if old == key { return }
            try txn.delete(databases.heads, old)
        }
        try txn.put(databases.heads, key, [UInt8]())
    }

    /// The batches of `format` that a file of `size` bytes starting with `head` (its first
    /// min(4 KiB, size) bytes) may start with. Those covering less than 4 KiB are known to match
    /// (`verified`); the others share the file's first 4 KiB and need their digest checked.
    func batchCandidates(format: RecordFormat, head: [UInt8], size: UInt64) throws -> [(
        number: UInt64, batch: StoredBatch, verified: Bool
    )] {
        guard let databases = batchDatabases else { return [] }
        // Each batch record has one head key: a lost one would hide its batch, and the file would
        // be imported again.
        if self.databases.checked {
            let heads = try txn.count(databases.heads)
            let records = try txn.count(databases.batches)
            guard heads == records else {
                throw StoreError.corrupt(
                    "batch_heads: \(heads) head keys for \(records) batch records, so a file already imported could be "
                        + "imported again (orders verify lists the damage)")
            }
        }
        var found: [(number: UInt64, batch: StoredBatch, verified: Bool)] = []
        func collect(prefix: [UInt8], verified: Bool) throws {
            var numbers: [UInt64] = []
            try txn.withCursor(databases.heads) { cursor in
                for entry in cursor.entries(from: prefix) {
                    guard entry.key.count == prefix.count + 8, entry.key.starts(with: prefix) else { break }
                    numbers.append(BigEndianKey64.decode(UnsafeRawBufferPointer(rebasing: entry.key[prefix.count...])))
                }
            }
            for number in numbers {
                guard let batch = try batch(number) else {
                    throw StoreError.corrupt("the batch head index names batch \(number), which has no record")
                }
                try checkHeadKey(of: number, batch, prefix: prefix)
                found.append((number, batch, verified))
            }
        }
        if size >= UInt64(BatchHead.length) {
            try collect(prefix: BatchHead.longPrefix(format: format, head: head), verified: false)
        }
        // Short batches: one seek per distinct covered length up to the file's size, hashing the
        // head incrementally. An empty batch matches only an empty file.
        let shortStart = BatchHead.shortStart(format: format)
        var covered = size == 0 ? 0 : 1
        var hash = BatchHash()
        while covered < BatchHead.length, UInt64(covered) <= size {
            let probe = shortStart + [UInt8(covered >> 8), UInt8(covered & 0xFF)]
            let next: Int? = try txn.withCursor(databases.heads) { cursor in
                guard let entry = try cursor.seek(atLeast: probe), entry.key.count >= 4, entry.key.starts(with: shortStart) else {
                    return nil
                }
                return Int(entry.key[2]) << 8 | Int(entry.key[3])
            }
            guard let length = next, UInt64(length) <= size, length < BatchHead.length else { break }
            head[Int(hash.length)..<length].withUnsafeBytes { hash.update($0) }
            try collect(prefix: BatchHead.shortPrefix(format: format, covered: length, digest: hash.digest), verified: true)
            covered = length + 1
        }
        return found
    }

    /// Checks that batch `number`'s record says its head key starts with `prefix`, as the key
    /// that named it does (format 6: a record keeps its head key's digest).
    private func checkHeadKey(of number: UInt64, _ batch: StoredBatch, prefix: [UInt8]) throws {
        guard databases.checked, let bytes = try txn.get(batchDatabases!.batches, BigEndianKey64(number)) else { return }
        guard BatchHead.key(of: batch, headDigest: StoredBatch.headDigest(in: bytes), number: number).starts(with: prefix)
        else {
            throw StoreError.corrupt(
                "batch_heads: the head key of batch \(number) does not match its record (orders verify lists the damage)")
        }
    }

    func putRejection(batch: UInt64, _ rejection: StoredRejection) throws {
        guard let databases = batchDatabases else { throw StoreError.corrupt("the store has no batch records") }
        try txn.put(
            databases.rejections, StoredRejection.key(batch: batch, line: rejection.line), reserving: rejection.encodedSize
        ) { rejection.encode(into: $0) }
    }

    /// The stored rejections of batch `number`, in line order.
    func rejections(batch number: UInt64) throws -> [StoredRejection] {
        var all: [StoredRejection] = []
        try forEachRejection(batch: number) { all.append($0) }
        return all
    }

    /// Calls `body` with each stored rejection of batch `number`, in line order. In a checked
    /// store they are first counted and summed against the batch's record, so that none of a set
    /// that fails its check is handed on.
    func forEachRejection(batch number: UInt64, _ body: (StoredRejection) throws -> Void) throws {
        guard let databases = batchDatabases else { return }
        let prefix = withUnsafeBytes(of: number.bigEndian, Array.init)
        func walk(_ visit: (StoredRejection, UnsafeRawBufferPointer) throws -> Void) throws {
            try txn.withCursor(databases.rejections) { cursor in
                for entry in cursor.entries(from: prefix) {
                    guard entry.key.starts(with: prefix) else { break }
                    try visit(try StoredRejection(key: entry.key, decoding: entry.value), entry.value)
                }
            }
        }
        if self.databases.checked, let batch = try batch(number) {
            var count = 0
            var sum: UInt64 = 0
            try walk { rejection, value in
                count += 1
                sum &+= StoredRejection.check(of: value, line: rejection.line)
            }
            guard batch.storedRejections == count, batch.rejectionSum == sum else {
                throw StoreError.corrupt(
                    "rejections: the \(count) stored for batch \(number) are not the \(batch.storedRejections) its record counts "
                        + "(orders verify lists the damage)")
            }
        }
        try walk { rejection, _ in try body(rejection) }
    }

    /// Batch `number` and the batches it continues, the first batch first.
    func chain(of number: UInt64) throws -> [(number: UInt64, batch: StoredBatch)] {
        var chain: [(number: UInt64, batch: StoredBatch)] = []
        var current = number
        while current != 0 {
            guard let batch = try batch(current), chain.count < 1_000_000, batch.parent < current else {
                throw StoreError.corrupt("batch \(current) continues a batch that has no record")
            }
            chain.insert((current, batch), at: 0)
            current = batch.parent
        }
        return chain
    }

    /// The number of the latest batch whose covered bytes have this SHA-256, if any.
    func latestBatch(digest: [UInt8]) throws -> UInt64? {
        guard let batches = batchDatabases?.batches else { return nil }
        return try txn.withCursor(batches) { cursor in
            for entry in cursor.entriesBackward() {
                let number = BigEndianKey64.decode(entry.key)
                if try StoredBatch(decoding: entry.value, number: number, checked: databases.checked).digest == digest {
                    return number
                }
            }
            return nil
        }
    }
}
