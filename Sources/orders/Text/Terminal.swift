import FoundationEssentials
import Glibc

/// Standard streams and what kind of device they are.
enum Terminal {
    /// The exit status of a command whose output could not be written (a full disk): sysexits'
    /// `EX_IOERR`, apart from every status that speaks of the work done (an import's rejections,
    /// verify's differences).
    static let outputFailureStatus: Int32 = 74

    /// Whether standard error is a terminal (progress is shown only then).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard output is a pipe whose reader has gone: the next write would fail. A
    /// command that waits without writing (`events --follow`) asks, to end as a write would.
    static var standardOutputReaderIsGone: Bool {
        var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
        return poll(&output, 1, 0) == 1 && output.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// Ends the process as a write to a pipe whose reader has gone ends it: by SIGPIPE, or
    /// quietly with status 0 where SIGPIPE is ignored.
    static func endForClosedPipe() -> Never {
        kill(getpid(), SIGPIPE)
        exit(0)
    }

    /// Prints `orders: error: …` as one line on standard error; control characters in it (from
    /// a file name, a batch or a damaged store) are shown escaped.
    static func printError(_ message: String) {
        writeStandardError("orders: error: \(message.replacing("\n", with: " ").terminalSafe)\n")
    }

    /// Writes `text` to standard error after what standard output holds; a failed write is not
    /// reported (there is nowhere left to report it).
    static func writeStandardError(_ text: String) {
        fflush(nil)
        var text = text
        text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(STDERR_FILENO, bytes.baseAddress! + written, bytes.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
    }
}
