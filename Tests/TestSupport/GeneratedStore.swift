public import BatchGenerator
import LedgerServices
public import LedgerStore

/// A store holding an imported generated batch, for tests of what is derived from the log.
public enum GeneratedStore {
    /// Generates a batch with `settings`, imports it into `directory/store` in commits of
    /// `chunkSize` records (not synced: tests need no durability) and returns the store.
    public static func make(in directory: TemporaryDirectory, _ settings: GeneratorSettings, chunkSize: Int) throws -> LedgerStore
    {
        var lines: [String] = []
        var generator = BatchGenerator(settings: settings)
        _ = generator.generate { lines.append($0) }
        let store = try LedgerStore(path: directory.path + "/store", durable: false)
        let batch = directory.file("batch.csv", lines.joined(separator: "\n") + "\n")
        _ = try Importer(store: store).importFile(batch, options: ImportOptions(chunkSize: chunkSize))
        return store
    }
}
