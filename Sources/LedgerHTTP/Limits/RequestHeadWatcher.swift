import NIOCore
import NIOHTTPTypes

/// Sits after the HTTP decoder and tells the connection's `RequestHeadTimer` when a request head
/// is whole and when its answer's end is written. It puts the timer first in the pipeline, next to
/// the socket, where the bytes of a head arrive before they are decoded.
final class RequestHeadWatcher: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timer: RequestHeadTimer

    init(limits: ServerLimits) {
        timer = RequestHeadTimer(limits: limits)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        do {
            try context.pipeline.syncOperations.addHandler(timer, position: .first)
        } catch {
            // A connection whose heads could not be timed is not served.
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { timer.headArrived() }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { timer.answered() }
        context.write(data, promise: promise)
    }
}
