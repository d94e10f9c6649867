import ArgumentParser
import Foundation
import LedgerStore

/// Runs the command line with SPEC §5 exit statuses: usage errors exit 2, and every error is one
/// line on standard error.
@main
enum Main {
    static func main() async {
        if let problem = FaultInjection.problem {
            Terminal.printError(problem)
            Foundation.exit(2)
        }
        do {
            var command = try OrdersCommand.parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let failure as CommandFailure {
            Terminal.printError(failure.message)
            Foundation.exit(failure.exitStatus)
        } catch {
            let code = OrdersCommand.exitCode(for: error)
            if code == .success {
                print(OrdersCommand.fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = OrdersCommand.message(for: error)
            if code == .validationFailure || error is ValidationError || code.rawValue == 64 {
                Terminal.printError(message + " (see orders --help)")
                Foundation.exit(2)
            }
            Terminal.printError(message)
            Foundation.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }
}
