import NIOCore

/// The first handler of a connection, next to the socket: the first byte of a request head starts
/// its clock, and a head that is not whole `ServerLimits.requestSeconds` later is answered 408 and
/// the connection closed, however steadily its bytes trickle in (the idle timeout counts only
/// silence). `RequestHeadWatcher`, after the HTTP decoder, tells it when a head is whole and when
/// its answer is written. It runs on the connection's event loop only.
final class RequestHeadTimer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let seconds: String
    /// The clock of the head being read, if one is.
    private var clock: Scheduled<Void>?
    /// The requests whose heads are whole and whose answers are not yet written: while there are
    /// any, bytes that come in are theirs (a body) or wait for them (the next request).
    private var requestsOpen = 0

    init(limits: ServerLimits) {
        limit = .nanoseconds(limits.requestNanoseconds)
        seconds = limits.requestSecondsText
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if clock == nil, requestsOpen == 0 {
            clock = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [self] in cutOff(context) }
        }
        context.fireChannelRead(data)
    }

    /// A head is whole: its clock stops.
    func headArrived() {
        clock?.cancel()
        clock = nil
        requestsOpen += 1
    }

    /// An answer's end is written: the next byte that comes starts the next head's clock.
    func answered() {
        requestsOpen = max(0, requestsOpen - 1)
    }

    func channelInactive(context: ChannelHandlerContext) {
        clock?.cancel()
        clock = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        clock?.cancel()
        clock = nil
    }

    /// Answers 408 (the decoder has no request to answer: the bytes are written as they are) and
    /// closes the connection once they are sent.
    private func cutOff(_ context: ChannelHandlerContext) {
        clock = nil
        let body = APIError(
            .requestTimeout,
            "the request's head was not whole \(seconds) s after its first byte (orders serve --request-seconds); "
                + "send the request line and headers at once"
        ).body
        let head =
            "HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: head + body))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
