import Foundation
import LMDB
import TestSupport
import Testing

struct EnvironmentTests {
    struct Boom: Error {}

    @Test func aCommittedValueCanBeReadBackAfterReopening() throws {
        let directory = TemporaryDirectory()
        do {
            let env = try Environment(directory: directory.path)
            let db = try env.openDatabase(named: "things")
            try env.write { txn in try txn.put(db, "key", Array("value".utf8)) }
        }
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        let value = try env.read { txn in try txn.get(db, "key").map { Array($0) } }
        #expect(value == Array("value".utf8))
    }

    @Test func aThrowingWriteClosureAbortsTheTransaction() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        #expect(throws: Boom.self) {
            try env.write { txn in
                try txn.put(db, "key", [1, 2, 3])
                throw Boom()
            }
        }
        let count = try env.read { txn in try txn.count(db) }
        #expect(count == 0)
    }

    @Test func aFullMapGrowsInsteadOfFailing() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path, mapSize: 64 << 10)
        let db = try env.openDatabase(named: "bulk")
        let initial = env.mapSize
        let value = [UInt8](repeating: 7, count: 1000)
        try env.write { txn in
            for index in 0..<2000 { try txn.put(db, BigEndianKey64(UInt64(index)), value, flags: .append) }
        }
        #expect(env.mapSize > initial)
        #expect(try env.read { txn in try txn.count(db) } == 2000)
    }

    @Test func aWriteWithinTheRoomReservedRunsOnceAndAReserveThatFitsChangesNothing() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path, mapSize: 64 << 10)
        let db = try env.openDatabase(named: "bulk")
        try env.reserve(4 << 20)
        let reserved = env.mapSize
        #expect(reserved - env.usedBytes >= 4 << 20)
        var runs = 0
        let value = [UInt8](repeating: 7, count: 1000)
        try env.write { txn in
            runs += 1
            for index in 0..<2000 { try txn.put(db, BigEndianKey64(UInt64(index)), value, flags: .append) }
        }
        #expect(runs == 1)
        #expect(env.mapSize == reserved)
        try env.reserve(1 << 10)
        #expect(env.mapSize == reserved)
    }

    @Test func noOverwriteReportsAnExistingKey() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        try env.write { txn in try txn.put(db, "k", [1]) }
        do {
            try env.write { txn in try txn.put(db, "k", [2], flags: .noOverwrite) }
            Issue.record("expected an error")
        } catch let error as LMDBError {
            #expect(error.isKeyExists)
        }
    }

    @Test func aCursorWalksKeysInByteOrder() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        try env.write { txn in
            for key in ["b", "a", "c", "B"] { try txn.put(db, key, Array(key.utf8)) }
        }
        let keys = try env.read { txn in
            try txn.withCursor(db) { cursor in
                var keys: [String] = []
                var entry = try cursor.first()
                while let current = entry {
                    keys.append(String(decoding: current.key, as: UTF8.self))
                    entry = try cursor.next()
                }
                return keys
            }
        }
        #expect(keys == ["B", "a", "b", "c"])
        let found = try env.read { txn in
            try txn.withCursor(db) { cursor in try cursor.seek(atLeast: "aa").map { Array($0.key) } }
        }
        #expect(found == Array("b".utf8))
    }

    @Test func reservedValuesAreWrittenInPlace() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        try env.write { txn in
            try txn.put(db, BigEndianKey32(9), reserving: 4) { buffer in
                buffer.copyBytes(from: [9, 8, 7, 6])
            }
        }
        #expect(try env.read { txn in try txn.get(db, BigEndianKey32(9)).map { Array($0) } } == [9, 8, 7, 6])
    }

    @Test func openingAMissingDirectoryReadOnlyIsAClearError() throws {
        let error = #expect(throws: LMDBError.self) {
            try Environment(directory: "/nonexistent/orders-store", readOnly: true)
        }
        #expect(error?.isMissing == true)
        #expect(error?.description.contains("/nonexistent/orders-store") == true)
    }

    @Test func aReadOnlyEnvironmentReadsWhatWasWritten() throws {
        let directory = TemporaryDirectory()
        do {
            let env = try Environment(directory: directory.path)
            let db = try env.openDatabase(named: "things")
            try env.write { txn in try txn.put(db, "k", [42]) }
        }
        let env = try Environment(directory: directory.path, readOnly: true)
        let db = try env.openDatabase(named: "things")
        #expect(try env.read { txn in try txn.get(db, "k").map { Array($0) } } == [42])
        #expect(throws: LMDBError.self) { try env.openDatabase(named: "absent") }
    }

    @Test func releasingTheMappedPagesKeepsBorrowedValuesReadable() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "things")
        let big = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try env.write { txn in try txn.put(db, "big", big) }
        let region = try #require(env.mappedRegion())
        try env.read { txn in
            let value = try #require(try txn.get(db, "big"))
            #expect(value.elementsEqual(big))
            region.releasePages()
            #expect(value.elementsEqual(big))
        }
    }

    @Test func aSnapshotOfAFileGrownPastTheMapWaitsUntilNoOtherSnapshotIsOpenInTheProcess() throws {
        let directory = TemporaryDirectory()
        // The writer stands for another process. It is opened first: an environment opened in the
        // same process while another holds a snapshot would reset the reader table it is in.
        let writer = try Environment(directory: directory.path, mapSize: 64 << 10)
        let written = try writer.openDatabase(named: "things")
        let first = [UInt8](repeating: 1, count: 100)
        try writer.write { txn in try txn.put(written, "first", first) }
        let reader = try Environment(directory: directory.path, readOnly: true, mapSize: 64 << 10)
        let db = try reader.openDatabase(named: "things")
        var file = stat()
        #expect(stat(directory.path + "/data.mdb", &file) == 0)
        // More than the reader maps (at least twice the file).
        let second = [UInt8](repeating: 2, count: 4 * Int(file.st_size))
        try reader.read { txn in
            let value = try #require(try txn.get(db, "first"))
            try writer.write { txn in try txn.put(written, "second", second) }
            // Mapping the grown file would move the map under `value`: the second snapshot is refused.
            let error = #expect(throws: LMDBError.self) { try reader.read { _ in } }
            #expect(error?.isMapResized == true)
            #expect(value.elementsEqual(first))
        }
        // With no snapshot open, the next one maps the grown file and sees the write.
        #expect(try reader.read { txn in try txn.get(db, "second").map { $0.elementsEqual(second) } } == true)
    }
}
