internal import BatchFormats
import FoundationEssentials
import Glibc
import SystemPaths

/// An opened batch, read in one pass: a regular file is read up to the size it had when opened;
/// a pipe, FIFO or terminal (and standard input from one) is first copied to an unlinked
/// temporary file, so it can be matched against the store and resumed like a file. Devices,
/// sockets and directories are refused at once.
// Safe: the read buffers are allocated and freed in the function that uses them; reads never exceed their size.
final class BatchFile {
    let descriptor: Int32
    /// The bytes this import may read: the file's size when it was opened.
    let size: UInt64
    /// The first min(4 KiB, size) bytes, for finding the batches the file may start with.
    let head: [UInt8]
    private let modified: timespec
    private let isSpool: Bool

    init(path: String) throws(BatchFileError) {
        let opened = path == "-" ? dup(STDIN_FILENO) : SystemPath.open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw BatchFileError("cannot open: \(String(cString: strerror(errno)))") }
        var descriptor = opened
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw BatchFileError("cannot read: \(reason)")
        }
        var spooled = false
        let isStream = info.st_mode & S_IFMT == S_IFIFO || (info.st_mode & S_IFMT == S_IFCHR && isatty(descriptor) == 1)
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case _ where isStream:  // a pipe, a FIFO or a terminal
            let source = descriptor
            defer { close(source) }
            descriptor = try Self.spool(source)
            fstat(descriptor, &info)
            spooled = true
        default:
            close(descriptor)
            throw BatchFileError("\(path == "-" ? "standard input is" : "is") \(Self.kind(info.st_mode)), not a batch file")
        }
        self.descriptor = descriptor
        size = UInt64(max(0, info.st_size))
        modified = info.st_mtim
        isSpool = spooled
        var head = [UInt8](repeating: 0, count: Int(min(size, UInt64(BatchHead.length))))
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == head.count else {
            close(descriptor)
            throw BatchFileError(
                count < 0 ? "cannot read: \(String(cString: strerror(errno)))" : "the file shrank while it was read")
        }
        self.head = head
    }

    deinit { close(descriptor) }

    /// How far a reader may read: `size`; at the end, a shrunk or rewritten file is an error.
    var limit: ReadLimit {
        ReadLimit(size: size) { [descriptor, size, modified, isSpool] in
            guard !isSpool else { return false }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return false }
            let now = UInt64(max(0, info.st_size))
            if now < size {
                throw BatchFileError("the file shrank while it was read (\(size) bytes when opened, \(now) now)")
            }
            if now == size, info.st_mtim.tv_sec != modified.tv_sec || info.st_mtim.tv_nsec != modified.tv_nsec {
                throw BatchFileError("the file was rewritten while it was read")
            }
            return now > size
        }
    }

    /// The hash of the file's first `length` bytes, for each of `lengths` (ascending, at most `size`).
    func hashes(at lengths: [UInt64]) throws(BatchFileError) -> [BatchHash] {
        var hash = BatchHash()
        var result: [BatchHash] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        for length in lengths {
            while hash.length < length {
                let wanted = Int(min(UInt64(buffer.count), length - hash.length))
                let count = pread(descriptor, buffer.baseAddress, wanted, off_t(hash.length))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw BatchFileError(
                        count < 0 ? "cannot read: \(String(cString: strerror(errno)))" : "the file shrank while it was read")
                }
                hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
            result.append(hash)
        }
        return result
    }

    /// The byte at `offset`, if the file has it.
    func byte(at offset: UInt64) -> UInt8? {
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, off_t(offset)) == 1 ? byte : nil
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// Copies a stream to an unlinked temporary file, read once.
    private static func spool(_ source: Int32) throws(BatchFileError) -> Int32 {
        let directory = getenv("TMPDIR").map { SystemPath.text(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = SystemPath.bytes(directory + "/orders-input-XXXXXX").map { CChar(bitPattern: $0) } + [0]
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw BatchFileError("cannot buffer the input: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(source, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw BatchFileError("cannot read: \(reason)")
            }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = write(descriptor, buffer.baseAddress! + written, count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw BatchFileError("cannot buffer the input: \(reason)")
                }
                written += result
            }
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            close(descriptor)
            throw BatchFileError("cannot rewind the buffered input: \(String(cString: strerror(errno)))")
        }
        return descriptor
    }
}
