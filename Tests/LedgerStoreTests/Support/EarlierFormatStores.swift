import Foundation

/// The stores written by earlier releases, kept under `Tests/LedgerStoreTests/Fixtures`.
enum EarlierFormatStores {
    /// The path of the fixture `name` (for example `format1`), found beside this file's folder.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }
}
