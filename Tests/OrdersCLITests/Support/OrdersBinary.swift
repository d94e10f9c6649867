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
    /// `environment`: variables set for it on top of the test's.
    static func run(
        _ arguments: [String], in directory: String? = nil, input: Data? = nil, unprivileged: Bool = false,
        fault: String? = nil, environment: [String: String] = [:]
    ) throws -> Output {
        finish(start(arguments, in: directory, input: input, unprivileged: unprivileged, fault: fault, environment: environment))
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

    /// Runs `orders arguments…` in `directory` with standard output on a terminal (a
    /// pseudo-terminal in raw mode, so that the bytes arrive as written) and gives what it printed.
    static func runOnTerminal(_ arguments: [String], in directory: String) throws -> Output {
        // The pseudo-terminal calls are libc's, but Swift's Glibc module leaves them out.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func libc<Function>(_ name: String, as type: Function.Type) throws -> Function {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw POSIXError(.ENOSYS) }
            return unsafeBitCast(symbol, to: type)
        }
        let terminal = try libc("posix_openpt", as: Call.self)(O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw POSIXError(.ENOTTY) }
        defer { close(terminal) }
        guard try libc("grantpt", as: Call.self)(terminal) == 0, try libc("unlockpt", as: Call.self)(terminal) == 0,
            let name = try libc("ptsname", as: NameCall.self)(terminal)
        else { throw POSIXError(.ENOTTY) }
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else { throw POSIXError(.ENOTTY) }
        var settings = termios()
        tcgetattr(device, &settings)
        cfmakeraw(&settings)
        tcsetattr(device, TCSANOW, &settings)
        let process = start(arguments, in: directory, standardOutput: FileHandle(fileDescriptor: device, closeOnDealloc: false))
        close(device)
        // Read until the child's end of the terminal is closed (EIO), then wait for it.
        var printed = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(terminal, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            printed.append(contentsOf: buffer[..<count])
        }
        let errors = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: printed, as: UTF8.self), standardError: String(decoding: errors, as: UTF8.self))
    }

    /// Starts `orders arguments…` without waiting (for kill tests), its standard output a pipe
    /// unless `standardOutput` is given.
    static func start(
        _ arguments: [String], in directory: String? = nil, input: Data? = nil, unprivileged: Bool = false,
        fault: String? = nil, standardOutput: FileHandle? = nil, environment extra: [String: String] = [:]
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
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = standardOutput ?? Pipe()
        process.standardError = Pipe()
        let stdin = Pipe()
        process.standardInput = stdin
        try! process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        return process
    }
}
