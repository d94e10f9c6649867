internal import LMDB

extension LedgerStore {
    /// Makes damage that the storage engine cannot report as an error (its internal checks failing
    /// on a broken page, a store file cut short under its map) end the process with one line,
    /// starting with `prefix`, and `exitStatus`, instead of an abort or a bus error. Call once at
    /// start, before any store is opened.
    public static func exitOnUnreportableDamage(exitStatus: Int32, prefix: String) {
        DamageExit.install(exitStatus: exitStatus, prefix: prefix)
    }

    /// Changes the exit status that `exitOnUnreportableDamage` set (a command whose errors exit
    /// with another status).
    public static func setUnreportableDamageExitStatus(_ exitStatus: Int32) {
        DamageExit.setExitStatus(exitStatus)
    }
}
