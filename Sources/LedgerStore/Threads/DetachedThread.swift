import FoundationEssentials
import Glibc

/// Starts a closure on a POSIX thread of its own, with the system's default stack size.
///
/// Used instead of Foundation's `Thread`, whose module brings CoreFoundation and ICU's calendars
/// into the binary with initialisers that run at every process start, `orders show` included.
enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (at most 15 bytes are kept), the name
    /// that `ps -L`, `top -H` and debuggers show.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        // Safe: retained once here, released once, by the new thread or below if it does not start.
        let box = Unmanaged.passRetained(
            Body {
                nameThisThread(name)
                body()
            }
        ).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let code = pthread_create(
            &thread, &attributes,
            { raw in
                // Safe: `raw` is the retained `Body` passed below, taken back exactly once here.
                Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, box)
        guard code == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()  // Safe: no thread took the `Body` retained above.
            preconditionFailure("cannot start a thread: \(String(cString: strerror(code)))")
        }
    }

    /// Names the calling thread through `/proc/thread-self/comm` (what `pthread_setname_np` does
    /// on Linux; Swift's Glibc module does not declare it). A thread left unnamed is harmless.
    private static func nameThisThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The closure, boxed to cross `pthread_create`'s raw pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
