import FoundationEssentials
import Glibc
import SystemPaths

/// Refuses, before anything is opened for writing, a path that an import would write and that
/// is one of its batches or part of the store: `--rejects b.csv b.csv` would empty the batch
/// before reading it, and `--rejects s/data.mdb` would destroy the store. Paths are compared as
/// files (device and inode), so symbolic and hard links do not hide a conflict.
struct WritePathCheck {
    /// The store directory as given.
    let store: String
    /// The batch paths as given (`-`: standard input).
    let inputs: [String]

    /// A usage error (exit 2) naming the conflict.
    private func conflict(_ message: String) -> CommandFailure { CommandFailure(message, exitStatus: 2) }

    /// Refuses a batch that is one of the store's own files (which the import writes).
    func checkInputs() throws(CommandFailure) {
        let storeFiles = self.storeFiles()
        for (input, identity) in inputIdentities() {
            if let file = storeFiles[identity] {
                throw conflict(
                    "the batch \(input) is the same file as the store's \(file) in \(store); a store cannot import its own files: name a batch file"
                )
            }
        }
    }

    /// Refuses a path that `option` would write (`--rejects`, `--output`) that is a batch, the
    /// store directory or anything in it, checked before it is opened; `what` names what it
    /// would write there.
    func checkOutput(_ path: String, option: String = "--rejects", what: String = "rejects") throws(CommandFailure) {
        let target = Self.resolved(path)
        let storeDirectory = Self.resolved(store)
        if target == storeDirectory || target.hasPrefix(storeDirectory == "/" ? "/" : storeDirectory + "/") {
            throw conflict(
                "\(option) \(path) is inside the store directory \(store); writing \(what) there would damage the store: choose a path outside it"
            )
        }
        if let identity = FileIdentity(path: target) { try checkOutput(path, identity: identity, option: option, what: what) }
    }

    /// Refuses an opened output file that is a batch or a file of the store (the same check,
    /// again on what was opened, in case the path changed meanwhile).
    func checkOutput(
        _ path: String, identity: FileIdentity, option: String = "--rejects", what: String = "rejects"
    ) throws(CommandFailure) {
        if let input = inputIdentities().first(where: { $0.identity == identity })?.input {
            throw conflict(
                "\(option) \(path) is the same file as the batch \(input); writing \(what) there would destroy the batch: choose another path"
            )
        }
        if let file = storeFiles()[identity] {
            throw conflict(
                "\(option) \(path) is the same file as the store's \(file) in \(store); writing \(what) there would damage the store: choose another path"
            )
        }
    }

    /// The batches that exist, with their identities (standard input when it is a file).
    private func inputIdentities() -> [(input: String, identity: FileIdentity)] {
        inputs.compactMap { input in
            let identity = input == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: input)
            return identity.map { (input, $0) }
        }
    }

    /// The store directory and every file in it, by identity (names as shown in messages).
    private func storeFiles() -> [FileIdentity: String] {
        var files: [FileIdentity: String] = [:]
        if let directory = FileIdentity(path: store) { files[directory] = "directory" }
        for name in SystemPath.entries(of: store) ?? [] {
            if let identity = FileIdentity(path: store + "/" + name), files[identity] == nil { files[identity] = name }
        }
        return files
    }

    /// `path` made absolute with every symbolic link followed, also where it, or its last parts,
    /// do not exist yet (a dangling link is followed to where it points).
    static func resolved(_ path: String, hops: Int = 0) -> String {
        if let real = SystemPath.realPath(path) { return real }
        let absolute = path.hasPrefix("/") ? path : (SystemPath.currentDirectory() ?? ".") + "/" + path
        let parent = PathText.deletingLastComponent(of: absolute)
        guard hops < 40, parent != absolute else { return absolute }
        var info = stat()
        if SystemPath.lstat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
            let target = SystemPath.linkTarget(absolute)
        {
            return resolved(target.hasPrefix("/") ? target : parent + "/" + target, hops: hops + 1)
        }
        let resolvedParent = resolved(parent, hops: hops + 1)
        return (resolvedParent == "/" ? "" : resolvedParent) + "/" + PathText.lastComponent(of: absolute)
    }
}
