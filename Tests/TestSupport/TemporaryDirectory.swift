import Foundation

/// A fresh directory under the system's temporary folder, removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "ledger-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `content` to a file in this directory and returns its path.
    @discardableResult
    public func file(_ name: String, _ content: String) -> String { file(name, bytes: Array(content.utf8)) }

    @discardableResult
    public func file(_ name: String, bytes: [UInt8]) -> String {
        let path = self.path + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
