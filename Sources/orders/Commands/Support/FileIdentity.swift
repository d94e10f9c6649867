import FoundationEssentials
import Glibc
import SystemPaths

/// What makes two paths one file: its device and inode, which every symbolic and hard link to
/// it shares.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the file `path` names (links followed), or `nil` when there is none.
    init?(path: String) {
        var info = stat()
        guard SystemPath.stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of an open descriptor's file, or `nil`.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }
}
