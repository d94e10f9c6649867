import LedgerDomain
import Testing

@testable import BatchFormats

/// A record's `type` word names a kind only when its bytes are exactly the kind's.
struct CommandKindBytesTests {
    @Test func everyKindIsReadFromItsOwnWord() {
        for kind in CommandKind.allCases {
            let bytes = Array(kind.rawValue.utf8)
            #expect(bytes.withUnsafeBytes { CommandKind(bytes: $0) } == kind)
        }
    }

    @Test(arguments: [
        "", "p", "pa", "payy", "Pay", "PLACE", "plac", "places", "deliverx", "deliver!", "ship ", " ship", "refunds",
        "cancelled", "order",
    ])
    func aWordThatIsNotExactlyAKindIsNone(_ word: String) {
        let bytes = Array(word.utf8)
        #expect(bytes.withUnsafeBytes { CommandKind(bytes: $0) } == nil)
    }

    @Test func aKindFollowedByZeroBytesIsNone() {
        for kind in CommandKind.allCases {
            for padding in 1...3 {
                let bytes = Array(kind.rawValue.utf8) + [UInt8](repeating: 0, count: padding)
                #expect(bytes.withUnsafeBytes { CommandKind(bytes: $0) } == nil)
            }
        }
    }
}
