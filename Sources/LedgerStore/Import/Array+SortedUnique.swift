extension Array where Element: Comparable {
    /// Sorts the array and leaves each value once (a chunk's changed row numbers, to write back in
    /// key order): no hashing, unlike going through a `Set`.
    mutating func sortAndRemoveDuplicates() {
        guard count > 1 else { return }
        sort()
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeSubrange(kept...)
    }
}
