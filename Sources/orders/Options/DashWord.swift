/// An argument that begins with one `-` but cannot be an option: ArgumentParser would read
/// `-dash.csv` as the short flags `-d -a -s -h …` and print help (or refuse `-x`), so a file
/// named like that would be silently not imported. Such a word is refused instead, with the
/// two ways to name the file.
enum DashWord {
    /// The letters of every short flag the commands know (`-h` help, `-q` quiet).
    private static let shortFlags: Set<Character> = ["h", "q"]

    /// The first argument before `--` that begins with one `-`, is longer than one flag, is not a
    /// number (a negative value), and holds a character that is no short flag; `nil` if none.
    static func firstUnparseable(in arguments: [String]) -> String? {
        for argument in arguments {
            if argument == "--" { return nil }
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2, Double(argument) == nil
            else { continue }
            if !argument.dropFirst().allSatisfy(shortFlags.contains) { return argument }
        }
        return nil
    }

    /// The line that refuses `word` (`Terminal.printError` shows it terminal-safe).
    static func refusal(_ word: String) -> String {
        "\(word) is not an option; to name a file that begins with -, write ./\(word) or put it after -- "
            + "(an option's value that begins with -: --option=\(word))"
    }
}
