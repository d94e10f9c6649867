import LMDB
import TestSupport
import Testing

struct CursorAppendTests {
    @Test func entriesAppendedThroughACursorAreReadBackInKeyOrderWithTheirValues() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        // Enough entries for a tree of several levels, so that appends cross many page splits.
        let count = 50_000
        try env.write { txn in
            try txn.withCursor(db) { cursor in
                for number in 0..<count {
                    try cursor.append(BigEndianKey32(UInt32(number)), reserving: 1 + number % 40) { buffer in
                        for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: number &+ index) }
                    }
                }
            }
        }
        let mismatches = try env.read { txn in
            try txn.withCursor(db) { cursor in
                var expected = 0
                var mismatches = 0
                for entry in cursor.entries() {
                    let key = BigEndianKey32.decode(entry.key)
                    let value = (0..<(1 + expected % 40)).map { UInt8(truncatingIfNeeded: expected &+ $0) }
                    if key != UInt32(expected) || !entry.value.elementsEqual(value) { mismatches += 1 }
                    expected += 1
                }
                return mismatches + abs(expected - count)
            }
        }
        #expect(mismatches == 0)
    }

    @Test func anEmptyValueCanBeAppended() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "keys")
        try env.write { txn in
            try txn.withCursor(db) { cursor in
                for key: UInt64 in [3, 7, 9] { try cursor.append(BigEndianKey64(key), reserving: 0) { _ in } }
            }
        }
        #expect(try env.read { txn in try txn.count(db) } == 3)
        #expect(try env.read { txn in try txn.get(db, BigEndianKey64(7)).map(\.count) } == 0)
    }

    @Test func aKeyNotAboveTheLastOneIsRefused() throws {
        let directory = TemporaryDirectory()
        let env = try Environment(directory: directory.path)
        let db = try env.openDatabase(named: "rows")
        let error = #expect(throws: LMDBError.self) {
            try env.write { txn in
                try txn.withCursor(db) { cursor in
                    try cursor.append(BigEndianKey32(5), reserving: 1) { $0[0] = 5 }
                    try cursor.append(BigEndianKey32(4), reserving: 1) { $0[0] = 4 }
                }
            }
        }
        #expect(error?.isKeyExists == true)
        #expect(try env.read { txn in try txn.count(db) } == 0)
    }
}
