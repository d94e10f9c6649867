internal import CMemory

extension Array {
    /// Reserves room for at least `count` elements, to be backed by huge pages as it is filled
    /// (`cmemory_advise_huge_pages`): for large arrays read and written at random, where 4 KiB
    /// pages cost a TLB miss on most accesses.
    mutating func reserveCapacityOnHugePages(_ count: Int) {
        reserveCapacity(count)
        let bytes = capacity * MemoryLayout<Element>.stride
        // Safe: only the address is used, for advice about pages the array's storage holds.
        withUnsafeMutableBufferPointer { cmemory_advise_huge_pages($0.baseAddress, bytes) }
    }
}
