import Testing

@testable import LedgerDomain

/// `IdentifierHash` is the hash the stored checks of format 6 are made with (`StoredCheck`): it
/// must give what it gave when they were stored, the bytes past the last 8-byte word taken one at
/// a time, whichever way it reads them.
struct IdentifierHashTests {
    /// The hash as first written: eight bytes per multiply, then the rest a byte at a time.
    static func byteAtATime(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash: UInt64 = (seed ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= bytes.count {
            var word: UInt64 = 0
            for index in (offset..<offset + 8).reversed() { word = word << 8 | UInt64(bytes[index]) }
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
            hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        }
        hash ^= hash >> 31
        hash &*= 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 27
        hash &*= 0x94D0_49BB_1331_11EB
        return hash ^ hash >> 31
    }

    @Test func everyLengthHashesAsTheBytesTakenOneAtATimeDo() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let seed = UInt64.random(in: .min ... .max, using: &generator)
                let hashed = bytes.withUnsafeBytes { IdentifierHash.of($0, seed: seed) }
                #expect(hashed == Self.byteAtATime(bytes, seed: seed), "\(length) bytes: \(bytes)")
            }
        }
    }

    /// A command id of 43 bytes under the seed of the stored checks, hashed as format 6 stored it.
    @Test func aKnownIDKeepsItsHash() {
        let id = Array("k-1_:ijCWQORL9fxhlfF8uUnCsP6jS7rZHOYB:H0dJd".utf8)
        #expect(id.withUnsafeBytes { IdentifierHash.of($0, seed: 0x6F72_6465_7273_0006) } == 0xBAB0_74BF_6949_1614)
    }
}
