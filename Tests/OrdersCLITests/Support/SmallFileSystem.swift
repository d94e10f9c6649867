import Foundation

/// A tmpfs of a few megabytes mounted on a directory (as root, where mounting is allowed): a file
/// system that a test can fill, and then grow.
struct SmallFileSystem {
    let path: String

    /// Mounts a tmpfs of `megabytes` at `path` (created if need be).
    init(at path: String, megabytes: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard ReadOnlyMount.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path]) else {
            throw ReadOnlyMount.MountFailed()
        }
        self.path = path
    }

    /// Gives the file system room: `megabytes` in all.
    func grow(to megabytes: Int) throws {
        guard ReadOnlyMount.run("/usr/bin/mount", ["-o", "remount,size=\(megabytes)m", path]) else {
            throw ReadOnlyMount.MountFailed()
        }
    }

    /// The bytes still free on it.
    var freeBytes: UInt64 {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return UInt64(info.f_bfree) * UInt64(info.f_frsize)
    }

    func remove() {
        _ = ReadOnlyMount.run("/usr/bin/umount", [path])
    }

    /// Whether this process may mount one: it tries once.
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let scratch = NSTemporaryDirectory() + "tmpfs-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        guard let mount = try? SmallFileSystem(at: scratch, megabytes: 1) else { return false }
        mount.remove()
        return true
    }()
}
