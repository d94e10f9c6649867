public import Glibc

/// The system calls that take a path, taking a path's text (`SystemPath`) and passing its bytes.
extension SystemPath {
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        withCString(path) { Glibc.open($0, flags, mode) }
    }

    public static func stat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { callStat($0, &info) }
    }

    public static func lstat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { Glibc.lstat($0, &info) }
    }

    public static func statvfs(_ path: String, _ info: inout Glibc.statvfs) -> Int32 {
        withCString(path) { callStatvfs($0, &info) }
    }

    public static func access(_ path: String, _ mode: Int32) -> Int32 {
        withCString(path) { Glibc.access($0, mode) }
    }

    public static func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
        withCString(path) { Glibc.mkdir($0, mode) }
    }

    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        withCString(path) { Glibc.unlink($0) }
    }

    @discardableResult
    public static func rmdir(_ path: String) -> Int32 {
        withCString(path) { Glibc.rmdir($0) }
    }

    /// Whether something (a link too, unfollowed) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = Glibc.stat()
        return lstat(path, &info) == 0
    }

    /// Makes `path` and the directories above it that are missing, as `mkdir -p`; 0, or the
    /// `errno` of the first that could not be made.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) -> Int32 {
        if mkdir(path, mode) == 0 || errno == EEXIST && isDirectory(path) { return 0 }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return errno }
        let parent = makeDirectories(String(path[..<slash]), mode: mode)
        guard parent == 0 else { return parent }
        return mkdir(path, mode) == 0 || errno == EEXIST && isDirectory(path) ? 0 : errno
    }

    /// Whether `path` is a directory (a link to one too).
    public static func isDirectory(_ path: String) -> Bool {
        var info = Glibc.stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The names in the directory `path` (without `.` and `..`), or `nil` when it cannot be read.
    public static func entries(of path: String) -> [String]? {
        guard let directory = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Safe: `d_name` is a NUL-terminated array inside the entry, read before the next `readdir`.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: field.pointee)) {
                    text(cString: $0)
                }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` with every symbolic link followed (`realpath`), or `nil` when a part is missing.
    public static func realPath(_ path: String) -> String? {
        guard let real = withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return text(cString: real)
    }

    /// What the symbolic link at `path` points to, or `nil` when it is none.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        // Safe: `readlink` writes at most `buffer.count - 1` bytes into the buffer.
        let count = withCString(path) { readlink($0, &buffer, buffer.count - 1) }
        guard count >= 0 else { return nil }
        return text(buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    /// The working directory.
    public static func currentDirectory() -> String? {
        guard let current = getcwd(nil, 0) else { return nil }
        defer { free(current) }
        return text(cString: current)
    }
}

/// `stat(2)`, named apart from the struct and from `SystemPath.stat`.
private func callStat(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }

/// `statvfs(3)`, named apart from the struct and from `SystemPath.statvfs`.
private func callStatvfs(_ path: UnsafePointer<CChar>, _ info: inout statvfs) -> Int32 { statvfs(path, &info) }
