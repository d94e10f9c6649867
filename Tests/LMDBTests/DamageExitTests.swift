import CLMDB
import Foundation
import Synchronization
import Testing

@testable import LMDB

/// How the process ends on damage LMDB cannot return as an error (`DamageExit`): the threads of
/// one command may meet a damaged page together (a `verify` of a store whose `commands` had a
/// zeroed page wrote its line twice, once in about 30 runs), and only one of them may write; a
/// read outside any page inside LMDB is one line and the status, any other fault a fault.
struct DamageExitTests {
    /// What the racing threads share.
    final class Race: Sendable {
        let gate = Atomic<Bool>(false)
        let arrived = Atomic<Int>(0)
        let firsts = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
    }

    @Test func onlyTheFirstOfManyThreadsMeetingDamageAtOnceReportsIt() {
        let race = Race()
        let threads = 8
        for _ in 0..<threads {
            Thread {
                // Every thread reaches the gate before any passes it, so that they meet it together.
                race.arrived.add(1, ordering: .acquiringAndReleasing)
                while race.arrived.load(ordering: .acquiring) < threads { sched_yield() }
                if DamageExit.isFirstReport(race.gate) { race.firsts.add(1, ordering: .relaxed) }
                race.finished.add(1, ordering: .releasing)
            }.start()
        }
        while race.finished.load(ordering: .acquiring) < threads { sched_yield() }
        #expect(race.firsts.load(ordering: .relaxed) == 1)
        let again = DamageExit.isFirstReport(race.gate)
        #expect(!again)
    }

    // The handler reads the faulting instruction from x86-64's machine context only.
    #if arch(x86_64)
        @Test func aReadOutsideAnyPageInsideLMDBEndsWithOneLineAndTheStatus() async {
            let result = await #expect(processExitsWith: .exitCode(7), observing: [\.standardErrorContent]) {
                DamageExit.install(exitStatus: 7, prefix: "test: ")
                let directory = NSTemporaryDirectory() + "damage-exit-" + UUID().uuidString
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                let environment = try! Environment(directory: directory)
                let database = try! environment.openDatabase(named: "keys")
                // The map stays; the files go before the process ends without a chance to remove them.
                try? FileManager.default.removeItem(atPath: directory)
                try! environment.read { txn in
                    // Keys at addresses no page holds, compared as LMDB compares those a damaged page
                    // points it to.
                    var wild = MDB_val(mv_size: 16, mv_data: UnsafeMutableRawPointer(bitPattern: 0x10))
                    var other = MDB_val(mv_size: 16, mv_data: UnsafeMutableRawPointer(bitPattern: 0x40))
                    _ = mdb_cmp(txn.handle, database.handle, &wild, &other)
                }
            }
            let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(errors.hasPrefix("test: a store's data file is damaged: LMDB read outside its pages"), "\(errors)")
            #expect(errors.filter { $0 == "\n" }.count == 1)
        }
    #endif

    @Test func aFaultOutsideLMDBIsStillASegmentationFault() async {
        await #expect(processExitsWith: .signal(SIGSEGV)) {
            DamageExit.install(exitStatus: 7, prefix: "test: ")
            let wild = UnsafePointer<Int>(bitPattern: 0x10)!
            print(wild.pointee)
        }
    }

    @Test func liblmdbAndLibcCodeAreFound() {
        let (lmdb, libc) = DamageExit.codeRanges()
        #expect(!lmdb.isEmpty && !libc.isEmpty)
        typealias Compare = @convention(c) (OpaquePointer?, MDB_dbi, UnsafePointer<MDB_val>?, UnsafePointer<MDB_val>?) -> Int32
        let compare = unsafeBitCast(mdb_cmp as Compare, to: UInt.self)
        #expect(lmdb.contains(compare))
    }

    #if arch(x86_64)
        @Test func aSegmentationFaultSentFromOutsideIsNeverTakenForDamage() throws {
            // What `install` finds, without a handler in the test runner.
            (DamageExit.lmdbCode, DamageExit.libcCode) = DamageExit.codeRanges()
            // A machine context whose instruction lies in liblmdb, as when a signal lands there.
            var context = ucontext_t()
            typealias Compare =
                @convention(c) (OpaquePointer?, MDB_dbi, UnsafePointer<MDB_val>?, UnsafePointer<MDB_val>?) -> Int32
            let instruction = Int64(Int(bitPattern: unsafeBitCast(mdb_cmp as Compare, to: UInt.self)))
            // Register 16 is REG_RIP.
            withUnsafeMutableBytes(of: &context.uc_mcontext.gregs) { registers in
                registers.storeBytes(of: instruction, toByteOffset: 16 * 8, as: Int64.self)
            }
            withUnsafeMutableBytes(of: &context) { raw in
                #expect(DamageExit.isLMDBFault(code: 1, context: raw.baseAddress!), "SEGV_MAPERR: the kernel's")
                #expect(!DamageExit.isLMDBFault(code: 0, context: raw.baseAddress!), "SI_USER: kill")
                #expect(!DamageExit.isLMDBFault(code: -6, context: raw.baseAddress!), "SI_TKILL: raise")
            }
        }
    #endif
}
