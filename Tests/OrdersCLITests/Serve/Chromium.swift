import Foundation

/// Debian's headless Chromium (`tools/bootstrap.sh` installs it): loads a page as a person's
/// browser does and dumps the DOM it built, or takes a screenshot.
enum Chromium {
    /// The browser, if it is installed.
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Why the browser tests cannot run here.
    static let missing = "chromium is not installed: tools/bootstrap.sh installs Debian's chromium"

    /// Runs the browser headless on `url` with `arguments` (`--dump-dom`, `--screenshot=…`) in a
    /// window 1200 pixels wide and `height` high; what it printed on standard output.
    static func run(_ url: String, _ arguments: [String], profile: String, height: Int = 1000) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile)", "--window-size=1200,\(height)", "--hide-scrollbars",
            ] + arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: printed, as: UTF8.self)
    }
}
