import FoundationEssentials
import Glibc

/// `--token-file`: the token a client must bear, read from a file that only its owner may read or
/// write (mode 0600 or stricter), so that no other user of the machine can learn it.
enum TokenFile {
    /// The token: the file's text without the line end after it.
    static func read(_ path: String) throws -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw CommandFailure("--token-file \(path.terminalSafe): \(String(cString: strerror(errno)))", exitStatus: 2)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(
                "--token-file \(path.terminalSafe) is not a file; give a file that holds the token", exitStatus: 2)
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw CommandFailure(
                "--token-file \(path.terminalSafe) may be read or written by others (mode \(String(mode, radix: 8))); "
                    + "run chmod 600 \(path.terminalSafe)", exitStatus: 2)
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("--token-file \(path.terminalSafe) cannot be read as UTF-8 text", exitStatus: 2)
        }
        var token = Substring(text)
        while let last = token.last, last == "\n" || last == "\r\n" || last == "\r" { token = token.dropLast() }
        guard !token.isEmpty, token.allSatisfy({ (0x21...0x7E).contains($0.asciiValue ?? 0) }) else {
            throw CommandFailure(
                "--token-file \(path.terminalSafe) holds no token: write one line of printable ASCII without spaces",
                exitStatus: 2)
        }
        return String(token)
    }
}
