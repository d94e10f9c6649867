/// A word as a shell would need it typed (a path in a command line that is shown to be run).
enum ShellWord {
    /// `word` as is when the shell leaves it alone, else in single quotes; shown terminal-safe.
    static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_./:@+,=".unicodeScalars.contains(scalar))
            }
        return plain ? word.terminalSafe : "'" + word.replacing("'", with: #"'\''"#).terminalSafe + "'"
    }
}
