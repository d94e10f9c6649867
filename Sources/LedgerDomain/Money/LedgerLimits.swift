/// The value ranges of SPEC §2.
public enum LedgerLimits {
    public static let identifierLength = 1...64
    public static let unitPrice: ClosedRange<Int64> = 0...1_000_000_000_000
    public static let amount: ClosedRange<Int64> = 1...1_000_000_000_000_000
    public static let quantity: ClosedRange<Int64> = 1...1_000_000
    public static let orderTotal: ClosedRange<Int64> = 1...1_000_000_000_000_000
    public static let linesPerOrder = 1...1_000
    public static let textBytes = 200
    /// A record (CSV record or JSON line) longer than this is malformed (SPEC §9).
    public static let recordBytes = 1 << 20
}
