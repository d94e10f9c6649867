import FoundationEssentials
import Glibc
internal import LedgerDomain

/// The time now, for the commit times `batch_files` keeps.
enum WallClock {
    static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(milliseconds: Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
