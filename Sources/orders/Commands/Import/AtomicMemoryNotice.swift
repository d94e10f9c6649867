import FoundationEssentials
import Glibc
import SystemPaths

/// What `import --atomic` says before it starts about the memory its one transaction needs: LMDB
/// keeps every page a write transaction changes in memory until the commit, so an atomic import
/// holds all the pages the whole file writes (a chunked import only one chunk's).
enum AtomicMemoryNotice {
    /// Bytes of changed pages held per byte of input: the peak `RssAnon` of an atomic import of a
    /// generated CSV batch less that of the chunked import of it, per byte of the batch, rounded
    /// up (docs/PERFORMANCE.md, "Memory", has the measurement).
    static let bytesPerInputByte = 3.5
    /// Estimates above this many bytes are announced.
    static let threshold = 256 << 20

    /// The estimate, in bytes, for importing a file of `size` bytes in one transaction.
    static func estimate(forFileOfSize size: Int) -> Int { Int((Double(size) * bytesPerInputByte).rounded(.up)) }

    /// The line to print before importing `file` with `--atomic`, or `nil` when its estimate is at
    /// most `threshold` or its size is not known before reading it (standard input, a pipe).
    static func line(for file: String) -> String? {
        var info = stat()
        guard file != "-", SystemPath.stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let needed = estimate(forFileOfSize: size)
        guard needed > threshold else { return nil }
        return "orders: --atomic imports \(file.terminalSafe) (\(mebibytes(size)) MiB) in one transaction, "
            + "which holds about \(mebibytes(needed)) MiB of memory until it commits; without --atomic, "
            + "each commit of --records-per-commit records holds far less\n"
    }

    private static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
}
