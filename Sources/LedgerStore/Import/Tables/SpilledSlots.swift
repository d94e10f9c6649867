import Glibc
import SystemPaths

/// The slots of the import's command index, moved out of memory into a file without a name in the
/// store's directory (`O_TMPFILE`: nothing is left behind if the process dies), so that they take
/// no memory while the import's last chunk writes the read models back; they are read back a
/// block at a time into the table the store keeps (`StoredCommandSlots`), in a commit of its own.
final class SpilledSlots {
    /// How many slots the file holds.
    let count: Int
    private let descriptor: Int32

    /// Writes `slots` to a file in `directory`; `nil` when the file cannot be made or written
    /// (the caller keeps the slots in memory).
    init?(_ slots: [UInt64], in directory: String) {
        // O_TMPFILE (with O_DIRECTORY, as the C library defines it): Swift does not import the macro.
        let temporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
        let descriptor = SystemPath.open(directory, temporaryFile | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        // Safe: `pwrite` reads the slots' bytes inside the closure, no more than they hold.
        let whole = slots.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(written))
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                written += result
            }
            return true
        }
        guard whole else {
            close(descriptor)
            return nil
        }
        self.count = slots.count
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Reads the slots from `first` on into `buffer`, which it fills (whole slots, within the
    /// file); `false` when the file cannot be read back.
    // Safe: `pread` writes into `buffer` inside this call, no more than it holds.
    func read(from first: Int, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard first >= 0, buffer.count % 8 == 0, first + buffer.count / 8 <= count else {
            preconditionFailure("slots \(first)..<\(first + buffer.count / 8) read of \(count)")
        }
        var done = 0
        while done < buffer.count {
            let result = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(first * 8 + done))
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            done += result
        }
        return true
    }
}
