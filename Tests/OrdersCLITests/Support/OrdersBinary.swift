import Foundation

/// Runs the built `orders` executable as a child process, as a user would.
enum OrdersBinary {
    struct Output {
        /// The exit status, or the signal's number when a signal ended the process.
        let status: Int32
        let killedBySignal: Bool
        let standardOutput: String
        let standardError: String
    }

    /// The `orders` executable next to the test bundle.
    static let url: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("orders")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return OrdersBinary.repository.appendingPathComponent(".build/debug/orders")
    }()

    /// Runs a program as another user (util-linux).
    static let setpriv = "/usr/bin/setpriv"

    /// Whether `unprivileged` runs can drop privileges: always unless root without `setpriv`.
    static var canRunUnprivileged: Bool { geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv) }

    /// The repository's root folder (for `data/`): this file is in Tests/OrdersCLITests/Support.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Starts `orders arguments…` in `directory` and waits for it. `unprivileged`: as a user whom
    /// file permissions bind (`nobody` through `setpriv` when the tests run as root). `fault`:
    /// the `ORDERS_FAULT` value to crash at (never inherited from the test's environment).
    static func run(
        _ arguments: [String], in directory: String? = nil, input: Data? = nil, unprivileged: Bool = false,
        fault: String? = nil
    ) throws -> Output {
        finish(start(arguments, in: directory, input: input, unprivileged: unprivileged, fault: fault))
    }

    /// Waits for a process that `start` started and gives what it printed.
    static func finish(_ process: Process) -> Output {
        let out = process.standardOutput as! Pipe
        let err = process.standardError as! Pipe
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `orders arguments…` without waiting (for kill tests).
    static func start(
        _ arguments: [String], in directory: String? = nil, input: Data? = nil, unprivileged: Bool = false,
        fault: String? = nil
    ) -> Process {
        let process = Process()
        if unprivileged && geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? repository.path)
        var environment = ProcessInfo.processInfo.environment
        environment["ORDERS_STORE"] = nil
        environment["NO_COLOR"] = "1"
        environment["ORDERS_FAULT"] = fault
        process.environment = environment
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        let stdin = Pipe()
        process.standardInput = stdin
        try! process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        return process
    }
}
