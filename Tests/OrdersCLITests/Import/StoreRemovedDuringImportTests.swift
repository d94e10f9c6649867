import Foundation
import TestSupport
import Testing

/// An import whose store is removed while it runs writes on into files that are gone: it must
/// not report that work as done.
struct StoreRemovedDuringImportTests {
    let directory = TemporaryDirectory()

    @Test func anImportWhoseStoreWasRemovedSaysSoAndFails() throws {
        let store = directory.path + "/store"
        let importer = try StoppedImport.start(StoppedImport.places(in: directory), into: store)
        try FileManager.default.removeItem(atPath: store)
        kill(importer.processIdentifier, SIGCONT)
        let result = OrdersBinary.finish(importer)
        #expect(result.status == 2, "\(result.standardOutput)")
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "orders: error: the store at \(store) was removed or replaced while this import wrote it; what it "
                + "committed went with the removed files: import again into the store there now\n")
    }
}
