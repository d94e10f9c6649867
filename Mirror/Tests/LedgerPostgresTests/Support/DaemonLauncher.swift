import Foundation

/// Runs a program that may leave a daemon behind (`pg_ctl start` leaves the server running) and waits for it.
///
/// Foundation's `Process` cannot do this on Linux: it learns that a child ended when a socket it hands the
/// child reaches its end, and a daemon started by the child inherits that socket and holds it open, so
/// `waitUntilExit` never returns. Here the program is started with `posix_spawn` and reaped with `waitpid`;
/// it gets /dev/null as standard input, `outputFile` as both outputs, and no other descriptor of this process.
enum DaemonLauncher {
    struct Outcome {
        /// The exit status, or the signal's number when a signal ended the program.
        let status: Int32
        let killedBySignal: Bool
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module does not import.
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: AddCloseFrom.self)
    }

    static func run(_ program: String, _ arguments: [String], outputFile: String) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw ClusterError("posix_spawn_file_actions_init failed") }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var prepared = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) == 0
        prepared = prepared && posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644) == 0
        prepared = prepared && posix_spawn_file_actions_adddup2(&actions, 1, 2) == 0
        guard let addCloseFrom else { throw ClusterError("starting PostgreSQL for the tests needs glibc 2.34 or later") }
        prepared = prepared && addCloseFrom(&actions, 3) == 0
        guard prepared else { throw ClusterError("could not prepare to start \(program)") }

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ClusterError("could not start \(program): \(String(cString: strerror(spawned)))") }

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw ClusterError("waitpid for \(program): \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7f
        return signal == 0
            ? Outcome(status: (status >> 8) & 0xff, killedBySignal: false)
            : Outcome(status: signal, killedBySignal: true)
    }
}
