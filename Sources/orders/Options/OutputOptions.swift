import ArgumentParser
import FoundationEssentials
import Glibc

/// `--color`, shared by the commands that print tables with colour.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long, help: "Colour tables: auto (a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR forces), always or never.")
    var color: ColorChoice = .auto

    /// The style of standard output under this choice, this environment and this terminal.
    var style: TerminalStyle { Self.style(color) }

    /// The style of standard output under `color`, this environment and this terminal.
    static func style(_ color: ColorChoice) -> TerminalStyle {
        TerminalStyle(
            colours: TerminalStyle.colours(
                color, environment: ProcessEnvironment.values(TerminalStyle.variables), isTerminal: isatty(STDOUT_FILENO) == 1))
    }
}
