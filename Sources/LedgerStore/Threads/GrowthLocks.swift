internal import LMDB

/// The growth locks of several threads that read snapshots, taken together, always in the same
/// order, by whatever grows the map (none of those threads waits for another's lock).
struct GrowthLocks: MapGrowthLocking {
    let locks: [Condition]

    func lock() { for lock in locks { lock.lock() } }

    func unlock() { for lock in locks.reversed() { lock.unlock() } }
}
