import Foundation
import Testing

/// Every query is a process of its own, so what the binary links is paid at every start.
struct ProcessStartTests {
    /// Foundation proper brings CoreFoundation's initialiser, ICU's data and thousands of protocol
    /// conformances that the runtime's first lookups of each type scan. A dynamic build names
    /// `libFoundation.so` among the libraries it needs, a static one holds CoreFoundation's
    /// initialiser; FoundationEssentials names neither.
    @Test func theBinaryLinksNoPartOfFoundationProper() throws {
        let binary = try Data(contentsOf: OrdersBinary.url, options: .alwaysMapped)
        for mark in ["libFoundation.so", "__CFInitialize", "libFoundationInternationalization.so"] {
            #expect(binary.range(of: Data(mark.utf8)) == nil, "\(OrdersBinary.url.path) holds \(mark)")
        }
    }
}
