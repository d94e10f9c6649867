import ArgumentParser

/// The command line as people type it, made into what ArgumentParser reads, and its mistakes
/// answered with the nearest valid word: `orders --store X list` (options before the verb, as
/// git and kubectl take them), `--sort -total` and `--limit -1` (a value that begins with -),
/// `orders lst` (a mistyped verb), `--tpo` (a mistyped option).
enum CommandLineWords {
    /// The options every verb takes that may also come before it.
    static let leadingOptions: Set<String> = ["--store", "--format", "--color"]
    /// The options whose value may begin with `-`: a descending sort key, or a (refused) negative
    /// count or seq, which is then refused in the option's own words.
    static let dashValueOptions: Set<String> = ["--sort", "--limit", "--top", "--recent", "--as-of"]

    /// The verbs, as typed.
    static var verbs: [String] {
        OrdersCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
    }

    /// `arguments` with the leading options moved after the verb, and a value beginning with `-`
    /// joined to its option (`--sort=-total`), before `--`.
    static func normalized(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first, let name = optionName(first), leadingOptions.contains(name) {
            let joined = first.contains("=")
            guard joined || rest.count >= 2 else { break }
            leading += rest.prefix(joined ? 1 : 2)
            rest = rest.dropFirst(joined ? 1 : 2)
        }
        var words: [String] = []
        if !leading.isEmpty, let verb = rest.first, verbs.contains(verb) {
            words = [verb] + leading
            rest = rest.dropFirst()
        } else {
            words = leading
        }
        while let word = rest.popFirst() {
            if word == "--" {
                words.append(word)
                words += rest
                break
            }
            if dashValueOptions.contains(word), let value = rest.first, value.hasPrefix("-"), value.count > 1 {
                words.append(word + "=" + value)
                rest = rest.dropFirst()
            } else {
                words.append(word)
            }
        }
        return words
    }

    /// The verb `arguments` name, if their first word is one.
    static func verb(of arguments: [String]) -> String? {
        arguments.first.flatMap { verbs.contains($0) ? $0 : nil }
    }

    /// The refusal of a first word that is neither a verb nor an option, with the nearest verb.
    static func unknownVerb(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !verbs.contains(first) else { return nil }
        let hint = nearest(to: first, among: verbs).map { "did you mean '\($0)'? " } ?? ""
        return "'\(first)' is not a command; \(hint)(orders --help lists them)"
    }

    /// ArgumentParser's `message` for `arguments`, with the nearest option of the verb as its
    /// suggestion (or none when no option is near) and the verb's own help to see.
    static func explained(_ message: String, arguments: [String]) -> String {
        let verb = verb(of: arguments)
        let help = "(see orders \(verb.map { $0 + " " } ?? "")--help)"
        let unknown = "Unknown option '"
        guard message.hasPrefix(unknown), let end = message.dropFirst(unknown.count).firstIndex(of: "'") else {
            return message + " " + help
        }
        let option = String(message[message.index(message.startIndex, offsetBy: unknown.count)..<end])
        let hint = nearest(to: option, among: options(of: verb)).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown option '\(option)'\(hint) \(help)"
    }

    /// The long options `verb` (or the root) takes, read from its help.
    static func options(of verb: String?) -> [String] {
        let command = OrdersCommand.configuration.subcommands.first { $0.configuration.commandName == verb }
        let help = command.map { OrdersCommand.helpMessage(for: $0) } ?? OrdersCommand.helpMessage()
        guard let section = help.firstRange(of: "OPTIONS:") else { return [] }
        var names: [String] = []
        for line in help[section.upperBound...].split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), line.hasPrefix("  ") else { continue }
            for word in trimmed.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("--") {
                names.append(String(word.prefix { $0 != "=" && $0 != "<" }))
            }
        }
        return names
    }

    /// The candidate closest to `word` by edit distance (a swap of two neighbours counts once),
    /// if it is close enough to be a slip: at most 2 edits and fewer than half the word.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= min(2, max(1, word.count / 2)) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// `--store` for `--store` and `--store=X`; `nil` for a word that is not a long option.
    private static func optionName(_ word: String) -> String? {
        guard word.hasPrefix("--"), word.count > 2 else { return nil }
        return String(word.prefix { $0 != "=" })
    }
}
