internal import BatchFormats
internal import Crypto
import Foundation
internal import LedgerDomain

/// An opened batch: a readable descriptor at offset 0, its size and the SHA-256 of its content.
/// Standard input (`-`) is first copied to an unlinked temporary file, so it can be hashed,
/// read again and resumed like any file.
// Safe: the read buffers are allocated and freed in the function that uses them; reads never exceed their size.
final class BatchFile {
    let descriptor: Int32
    let size: UInt64
    let digest: [UInt8]

    init(path: String) throws(BatchFileError) {
        let descriptor: Int32
        if path == "-" {
            descriptor = try Self.spoolStandardInput()
        } else {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw BatchFileError("cannot open: \(String(cString: strerror(errno)))") }
            var info = stat()
            fstat(descriptor, &info)
            if (info.st_mode & S_IFMT) == S_IFDIR {
                close(descriptor)
                throw BatchFileError("is a directory, not a batch file")
            }
        }
        self.descriptor = descriptor
        do {
            (digest, size) = try Self.hash(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    /// `count` bytes at `offset`, read without moving the file position (safe beside a reader).
    func bytes(at offset: UInt64, count: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        let read = result.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return Array(result.prefix(max(0, read)))
    }

    /// The format named by the file's ending (`.csv`; `.jsonl`, `.ndjson`), if any.
    static func format(ofName path: String) -> RecordFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .jsonl }
        return nil
    }

    private static func hash(_ descriptor: Int32) throws(BatchFileError) -> ([UInt8], UInt64) {
        var hasher = SHA256()
        var size: UInt64 = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw BatchFileError("cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            size += UInt64(count)
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw BatchFileError("cannot read it twice (\(String(cString: strerror(errno))))")
        }
        return (Array(hasher.finalize()), size)
    }

    private static func spoolStandardInput() throws(BatchFileError) -> Int32 {
        var template = Array((NSTemporaryDirectory() + "orders-stdin-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw BatchFileError("cannot buffer standard input: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                close(descriptor)
                throw BatchFileError("cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = write(descriptor, buffer.baseAddress! + written, count - written)
                guard result > 0 else {
                    close(descriptor)
                    throw BatchFileError("cannot buffer standard input: \(String(cString: strerror(errno)))")
                }
                written += result
            }
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            close(descriptor)
            throw BatchFileError("cannot rewind buffered standard input: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}
