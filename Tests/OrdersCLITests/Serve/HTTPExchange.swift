import Foundation

/// One request over a plain loopback socket and the whole answer read back (the server closes
/// the connection after it: `Connection: close`). A socket, not an HTTP client library, so that a
/// test can send what no well-behaved client sends: a huge request line, a method other than GET.
struct HTTPExchange {
    let status: Int
    /// Header names in lower case.
    let headers: [String: String]
    let body: String

    init(port: Int, request: Data) throws {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        try Self.send(request, to: socket)
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[..<count])
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { throw Failure("no answer: \(text.prefix(200))") }
        let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "), let status = Int(statusLine.dropFirst(9).prefix(3))
        else { throw Failure("no status line: \(text.prefix(200))") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.status = status
        self.headers = headers
        let rest = String(text[end.upperBound...])
        // The answer to HEAD has no body, whatever its headers say the body of GET would be.
        let head = request.starts(with: Data("HEAD ".utf8))
        body = !head && headers["transfer-encoding"] == "chunked" ? try Self.unchunked(rest) : rest
    }

    /// A chunked body's bytes, its chunk sizes and line ends taken out.
    static func unchunked(_ text: String) throws -> String {
        var rest = Substring(text)
        var body = ""
        while let lineEnd = rest.range(of: "\r\n") {
            guard let size = Int(rest[..<lineEnd.lowerBound], radix: 16) else { throw Failure("a bad chunk size") }
            if size == 0 { return body }
            let start = lineEnd.upperBound
            let bytes = rest.utf8[start...].prefix(size)
            guard bytes.count == size else { throw Failure("a chunk cut short") }
            body += String(decoding: bytes, as: UTF8.self)
            rest = rest[rest.utf8.index(start, offsetBy: size + 2)...]
        }
        throw Failure("a chunked body without its last chunk")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A connected TCP socket to 127.0.0.1:`port`; `receiveBuffer`: the bytes the kernel may hold
    /// for it unread (`SO_RCVBUF`), when given.
    static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer {
            guard setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
                close(socket)
                throw Failure("SO_RCVBUF: \(String(cString: strerror(errno)))")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure("connect to port \(port): \(String(cString: strerror(errno)))")
        }
        return socket
    }

    /// Writes all of `data`; a server that closed the connection early (it answered before reading
    /// everything) ends the write without an error.
    static func send(_ data: Data, to socket: Int32) throws {
        try data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EPIPE || errno == ECONNRESET { return }
                guard count > 0 else { throw Failure("send: \(String(cString: strerror(errno)))") }
                sent += count
            }
        }
    }
}
