internal import LMDB
internal import LedgerDomain
internal import LedgerServices

extension Verifier {

    /// The `…_names` and `…_ids` databases against the ids `replayed` named. The `…_ids` of a read
    /// model that lags map the first ids only, at least those named up to its checkpoint
    /// (`namedAtCheckpoint`): an import maps its new ids with the read models (`indexIDs`); one of
    /// format 4 mapped them with each chunk.
    static func compareDictionaries(
        _ replayed: ReplayedLedger, namedAtCheckpoint: [ReadModelName: Int], _ ledger: LedgerTransaction,
        releasing region: MappedRegion?
    ) throws -> [String] {
        var found = Differences("ids")
        var misrouted: [String] = []
        for (model, what) in [(ReadModelName.orders, "order"), (.customers, "customer"), (.skus, "sku")] {
            guard let (names, ids) = LedgerTransaction.idDatabases(of: model) else { continue }
            let named = replayed.names(of: model)
            if try ledger.count(names) != named.count {
                found.add("\(try ledger.count(names)) \(what) ids are stored, the log names \(named.count)")
            }
            let mapped = try ledger.count(ids)
            // How many of the first ids `ids` should map: all, or while the read model lags, as
            // many as it holds (no fewer than were named up to the checkpoint).
            var first = named.count
            if let least = namedAtCheckpoint[model] {
                first = min(max(mapped, least), named.count)
                if first != mapped {
                    found.add(
                        "\(mapped) \(what) ids are stored, the log names \(least) up to the \(model.rawValue) read model's "
                            + "checkpoint and \(named.count) in all")
                }
            } else if mapped != named.count {
                found.add("\(mapped) \(what) ids are stored, the log names \(named.count)")
            }
            // The pairs `ids` holds are walked in id order, their numbers anywhere: they are
            // summed (`IDFingerprint`) against the first ids the log names, and compared one by
            // one only when the sums differ, to name the pairs that do.
            var expected = IDFingerprint()
            named.forEachID(upTo: first) { number, id in expected.add(id, number: number) }
            var stored = IDFingerprint()
            var past = 0
            misrouted += try walkCheckingRoutes(ids, ledger, releasing: region) { key, value in
                // A number that does not decode, or past the names, counts as a pair that differs.
                let number = (try? LedgerTransaction.denseNumber(value)).map(Int.init) ?? -1
                if number >= first, number < named.count { past += 1 }
                stored.add(key, number: number)
            }
            if stored != expected { try compareIDs(ids, named, what, ledger, &found) }
            if past > 0 {
                found.add("\(past) \(what) ids map numbers past the first \(first), which an import maps with its read models")
            }
            misrouted += try walkNumbered(names, count: named.count, ledger, releasing: region) { number, bytes in
                if bytes.map({ !named.hasBytes($0, at: number) }) ?? true {
                    found.add("\(what) number \(number) is not named \(named[number])")
                }
            }
        }
        return misrouted + found.lines
    }

    /// Each pair of `ids` against the log's names (`named`), with the names of those that differ.
    /// Ids are compared as bytes, in place; one is made into text only to be listed. The stored ids
    /// come in byte order, their numbers anywhere: each waits in a ring while where its replayed
    /// bytes lie, and then those bytes, are prefetched.
    // Safe: the ring keeps stored ids that point into the map after the walk's callback returns,
    // and they are read until this snapshot ends. They stay valid: LMDB neither moves nor reuses
    // the pages of a read transaction while it is open, the map does not grow or move while a
    // snapshot is open, and `releasePages` only drops pages from memory (reading an id again
    // faults its page back in from the file, unchanged).
    static func compareIDs(
        _ ids: LedgerTransaction.Table, _ named: NameList, _ what: String, _ ledger: LedgerTransaction,
        _ found: inout Differences
    ) throws {
        let none = UnsafeRawBufferPointer(start: nil, count: 0)
        var ring = [(id: UnsafeRawBufferPointer, number: Int?)](repeating: (none, nil), count: Self.lookahead)
        let mask = Self.lookahead - 1
        var waiting = 0
        var next = 0
        try ledger.scan(ids) { entries in
            for entry in entries {
                let number = (try? LedgerTransaction.denseNumber(entry.value)).map(Int.init)
                if let number { named.prefetchEnd(of: number) }
                if let halfway = ring[(next + Self.lookahead / 2) & mask].number, waiting == Self.lookahead {
                    named.prefetchBytes(of: halfway)
                }
                if waiting == Self.lookahead {
                    checkID(ring[next].id, ring[next].number, named, what, &found)
                } else {
                    waiting += 1
                }
                ring[next] = (entry.key, number)
                next = (next + 1) & mask
            }
        }
        for offset in (Self.lookahead - waiting)..<Self.lookahead {
            let (id, number) = ring[(next + offset) & mask]
            checkID(id, number, named, what, &found)
        }
    }

    /// Whether the stored id `id`, which maps to `number`, is the id the log gave that number.
    static func checkID(
        _ id: UnsafeRawBufferPointer, _ number: Int?, _ named: NameList, _ what: String, _ found: inout Differences
    ) {
        if number.map({ $0 >= named.count || !named.hasBytes(id, at: $0) }) ?? true {
            found.add("\(what) \(String(decoding: id, as: UTF8.self)) does not map to the number the log gave it")
        }
    }
}
