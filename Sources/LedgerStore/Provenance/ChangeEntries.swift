internal import CMemory
import Glibc

/// The memory of `orders diff`'s fold entries, one per order number, indexed by the number itself:
/// anonymous memory mapped for them, which reads as zeros until written (so only the pages of the
/// orders the log places cost memory, and nothing fills it first), starts on a page (so no entry
/// straddles two cache lines), and is backed by huge pages where the kernel has them (a fold that
/// reaches its entries at random misses the TLB far less). Unmapped when the last value holding
/// it goes.
final class ChangeEntries {
    let count: Int
    // Safe: `base` maps `bytes` bytes, room for `count` entries, from `init` to `deinit`; whoever
    // reads through it holds this object (`ChangeFold`), and checks the numbers it reads.
    let base: UnsafeMutablePointer<ChangeEntry>
    private let bytes: Int

    /// Room for the orders numbered 0 ..< `count`. Memory that cannot be mapped stops the
    /// process, as an allocation that fails does.
    init(count: Int) {
        self.count = count
        bytes = max(1, count) * MemoryLayout<ChangeEntry>.stride
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else {
            fatalError("cannot map \(bytes) bytes for the orders of a diff: \(String(cString: strerror(errno)))")
        }
        cmemory_advise_huge_pages(mapped, bytes)
        base = mapped.bindMemory(to: ChangeEntry.self, capacity: max(1, count))
    }

    deinit { munmap(base, bytes) }
}
