import LMDB

/// Reaches under the store's facade to set up states that only damage or a future version make.
enum StoreFixture {
    static func setFormatVersion(_ version: UInt32, at path: String) throws {
        let environment = try Environment(directory: path)
        let meta = try environment.openDatabase(named: "meta")
        try environment.write { txn in
            var value = version.littleEndian
            try withUnsafeBytes(of: &value) { try txn.put(meta, "format", $0) }
        }
    }
}
