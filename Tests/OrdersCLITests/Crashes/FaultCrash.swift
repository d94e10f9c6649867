import LedgerStore

/// One crash of a crash test: an `orders` command run with `ORDERS_FAULT` set, which must die there.
struct FaultCrash: CustomStringConvertible {
    /// Whether it runs `orders rebuild` rather than the import.
    let rebuilding: Bool
    let point: FaultPoint
    /// Which arrival at the point kills the process.
    let arrival: Int

    static func importing(_ point: FaultPoint, _ arrival: Int) -> FaultCrash {
        FaultCrash(rebuilding: false, point: point, arrival: arrival)
    }

    static func rebuilding(_ point: FaultPoint) -> FaultCrash { FaultCrash(rebuilding: true, point: point, arrival: 1) }

    /// `orders upgrade` of the store turned back into a format-3 store first (`StoreFixture.turnIntoFormat3`).
    static let upgrading = FaultCrash(rebuilding: false, point: .upgradeBeforeCommit, arrival: 1)

    /// The `ORDERS_FAULT` value.
    var fault: String { "\(point.rawValue):\(arrival)" }

    var description: String {
        rebuilding ? "rebuild \(fault)" : point == .upgradeBeforeCommit ? "upgrade \(fault)" : fault
    }
}
