import ArgumentParser
import LedgerStore

/// Shell completions of ids read from the store the command line names (`--store`, else the
/// default): `orders show O-1<Tab>` offers the order ids that start with `O-1`.
enum StoredIDCompletion {
    /// How many ids a completion offers at most.
    static let limit = 500

    static let orders = CompletionKind.custom { words, _, prefix in
        ids(words) { try $0.orderIDs(startingWith: prefix, limit: limit) }
    }

    static let customers = CompletionKind.custom { words, _, prefix in
        ids(words) { try $0.customerIDs(startingWith: prefix, limit: limit) }
    }

    /// What `read` finds in the store `words` name; none when it cannot be opened.
    private static func ids(_ words: [String], _ read: (LedgerStore) throws -> [String]) -> [String] {
        var store: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count { store = words[index + 1] }
            if word.hasPrefix("--store=") { store = String(word.dropFirst("--store=".count)) }
        }
        guard let opened = try? LedgerStore(path: StoreOptions.path(store), readOnly: true) else { return [] }
        return (try? read(opened)) ?? []
    }
}
