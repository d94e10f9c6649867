/// A lock that a process's readers on other threads hold while their snapshot is open, so that
/// the map is never moved under them: LMDB remaps the data file when the map grows, which leaves
/// the addresses a read transaction of another thread holds pointing nowhere.
public protocol MapGrowthLocking: Sendable {
    func lock()
    func unlock()
}
