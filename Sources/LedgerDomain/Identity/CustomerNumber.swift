/// The dense number of an interned customer id: 0, 1, 2, … in the order the log first names them.
/// Read models fold into arrays indexed by it instead of hashing strings.
public struct CustomerNumber: Hashable, Comparable, Sendable {
    public let rawValue: UInt32

    // Inlinable: the replay and import folds (other modules) index their arrays by it per event.
    @inlinable public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// The array index of this number.
    // Inlinable: the replay and import folds (other modules) index their arrays by it per event.
    @inlinable public var index: Int { Int(rawValue) }

    public static func < (lhs: CustomerNumber, rhs: CustomerNumber) -> Bool { lhs.rawValue < rhs.rawValue }
}
