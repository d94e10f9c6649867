import Foundation

/// A read-only bind mount of a directory: a read-only file system that a test can make (as root,
/// where mounting is allowed).
struct ReadOnlyMount {
    let path: String

    /// Mounts `source` read-only at `path` (created if need be).
    init(_ source: String, at path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.mount(["--bind", source, path]) else { throw MountFailed() }
        guard Self.mount(["-o", "remount,bind,ro", path]) else {
            _ = Self.run("/usr/bin/umount", [path])
            throw MountFailed()
        }
        self.path = path
    }

    func remove() {
        _ = Self.run("/usr/bin/umount", [path])
    }

    /// Whether this process may make one: it tries once.
    static let isAvailable: Bool = {
        guard geteuid() == 0 else { return false }
        let scratch = NSTemporaryDirectory() + "read-only-probe-\(getpid())"
        defer {
            try? FileManager.default.removeItem(atPath: scratch)
            try? FileManager.default.removeItem(atPath: scratch + "-source")
        }
        try? FileManager.default.createDirectory(atPath: scratch + "-source", withIntermediateDirectories: true)
        guard let mount = try? ReadOnlyMount(scratch + "-source", at: scratch) else { return false }
        mount.remove()
        return true
    }()

    struct MountFailed: Error {}

    private static func mount(_ arguments: [String]) -> Bool { run("/usr/bin/mount", arguments) }

    /// Runs `program` quietly; whether it exited with status 0.
    static func run(_ program: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
