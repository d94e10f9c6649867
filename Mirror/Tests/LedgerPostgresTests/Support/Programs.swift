import Foundation

/// Runs programs as child processes: the built `orders` and `orders-mirror`, PostgreSQL's tools.
enum Programs {
    struct Output {
        /// The exit status, or the signal's number when a signal ended the process.
        let status: Int32
        let killedBySignal: Bool
        let standardOutput: String
        let standardError: String
    }

    /// The folder of the test bundle, where this package's executables are built.
    static let buildDirectory: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("orders-mirror").path) }
            ?? repository.appendingPathComponent("Mirror/.build/debug")
    }()

    /// The repository's root folder: this file is in Mirror/Tests/LedgerPostgresTests/Support.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var mirror: String { buildDirectory.appendingPathComponent("orders-mirror").path }

    /// `orders`, built in this package beside `orders-mirror` (`swift build --product orders`), else the root package's.
    static var orders: String {
        let beside = buildDirectory.appendingPathComponent("orders").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return repository.appendingPathComponent(".build/debug/orders").path
    }

    /// Runs `program arguments…` and waits for it; `environment` is added to this process's.
    /// (A program that leaves a daemon running needs `DaemonLauncher` instead.)
    @discardableResult
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "ORDERS_MIRROR_FAULT")
        merged.removeValue(forKey: "ORDERS_FAULT")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to their ends before waiting, so a chatty child cannot block on a full pipe.
        let errorData = Locked<Data>()
        let errorRead = DispatchSemaphore(value: 0)
        let errorHandle = error.fileHandleForReading
        // A thread of its own: Swift concurrency runs on Dispatch's global queues here, and an async
        // test blocked below would starve a block queued there.
        Thread {
            errorData.set(errorHandle.readDataToEndOfFile())
            errorRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        return Output(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value ?? Data(), as: UTF8.self))
    }
}
