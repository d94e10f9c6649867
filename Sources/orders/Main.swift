import ArgumentParser
import CStandardOutput
import FoundationEssentials
import Glibc
import LedgerStore
import SystemPaths

/// Runs the command line with SPEC §5 exit statuses: usage errors exit 2, and every error is one
/// line on standard error.
@main
enum Main {
    static func main() async {
        if let problem = FaultInjection.problem {
            Terminal.printError(problem)
            Glibc.exit(2)
        }
        LedgerStore.exitOnUnreportableDamage(exitStatus: 1, prefix: "orders: error: ")
        do {
            // A file named like `-dash.csv` is refused, not read as flags (`-h`: help, exit 0).
            // ArgumentParser takes no value that begins with `-` either: nothing it accepts is refused.
            // The arguments as bytes made text that maps back (`SystemPath`): a path that is not
            // UTF-8 names the file it names, not one with U+FFFD in its name.
            let arguments = CommandLineWords.normalized(Array(SystemPath.arguments.dropFirst()))
            if let refusal = CommandLineWords.unknownVerb(in: arguments) {
                Terminal.printError(refusal)
                Glibc.exit(2)
            }
            if let word = DashWord.firstUnparseable(in: arguments) {
                Terminal.printError(DashWord.refusal(word))
                Glibc.exit(2)
            }
            if let shortcut = ShowShortcut(arguments: arguments) {
                try shortcut.run()
                exitCheckingOutput(0)
            }
            var command = try OrdersCommand.parseAsRoot(arguments)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            exitCheckingOutput(0)
        } catch let exit as ExitCode {
            exitCheckingOutput(exit.rawValue)
        } catch let failure as CommandFailure {
            Terminal.printError(failure.message)
            Glibc.exit(failure.exitStatus)
        } catch {
            let arguments = CommandLineWords.normalized(Array(SystemPath.arguments.dropFirst()))
            let code = OrdersCommand.exitCode(for: error)
            if code == .success {
                // Help, the version, a completion script: written out and checked as any output.
                print(OrdersCommand.fullMessage(for: error))
                exitCheckingOutput(0)
            }
            let message = oneLine(OrdersCommand.message(for: error))
            if code == .validationFailure || error is ValidationError || code.rawValue == 64 {
                Terminal.printError(CommandLineWords.explained(message, arguments: arguments))
                Glibc.exit(2)
            }
            Terminal.printError(message)
            Glibc.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// Ends with `status` once standard output is written out. A write of it that failed (a full
    /// disk, say) is one line and exit `Terminal.outputFailureStatus` (or `status`, if higher),
    /// also after a committed import: a command never reports success having printed nothing. A
    /// closed pipe ends the process by SIGPIPE first, as `head` expects; where SIGPIPE is
    /// ignored, EPIPE ends it quietly.
    static func exitCheckingOutput(_ status: Int32) -> Never {
        let failure = cstdout_finish()
        guard failure != 0, failure != EPIPE else { Glibc.exit(status) }
        let reason = failure > 0 ? String(cString: strerror(failure)) : "the write failed"
        Terminal.printError("cannot write standard output: \(reason)")
        Glibc.exit(max(Terminal.outputFailureStatus, status))
    }

    /// ArgumentParser's list of allowed values ("Please provide one of the following:" and a line
    /// per value) as one line: "; use one of: a, b, c".
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        guard let first = lines.first, first.hasSuffix("Please provide one of the following:") else { return message }
        let values = lines.dropFirst().map { trimmingSpaces($0).trimmingPrefix("- ") }
        let lead = trimmingSpaces(first.dropLast("Please provide one of the following:".count))
        return (lead.hasSuffix(".") ? String(lead.dropLast()) : lead) + "; use one of: " + values.joined(separator: ", ")
    }

    /// `text` without the spaces and tabs at its ends (`CharacterSet.whitespaces`: tab and the
    /// Unicode space separators).
    static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
