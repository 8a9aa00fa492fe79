import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Per connection, between HTTP decoding and the router: closes connections that dribble
/// (slowloris) and answers malformed HTTP with a problem document.
///
/// Deadlines, all on the connection's event loop:
/// - the first request head must be complete within `headTimeout` of the connection opening,
///   and each next one within `keepAliveTimeout` of the previous response's end (an idle or
///   slow-header connection is closed then, whatever bytes trickle in: an idle timeout alone
///   restarts on every byte);
/// - the whole request (head to end of body) within `requestTimeout` of its head.
/// A parser error is answered `400 malformed_http` as `application/problem+json` and the
/// connection closed, instead of NIO's empty 400.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    let headTimeout: TimeAmount
    let keepAliveTimeout: TimeAmount
    let requestTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var answeredError = false

    init(headTimeout: TimeAmount, keepAliveTimeout: TimeAmount, requestTimeout: TimeAmount) {
        self.headTimeout = headTimeout
        self.keepAliveTimeout = keepAliveTimeout
        self.requestTimeout = requestTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headTimeout, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(headTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: arm(requestTimeout, context: context)
        case .body: break
        case .end: disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { arm(keepAliveTimeout, context: context) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !answeredError else {
            context.fireErrorCaught(error)
            return
        }
        answeredError = true
        disarm()
        let problem = APIProblem.badRequest("malformed_http", "The request is not valid HTTP/1.1 (\(error)); the connection is closed.")
        let body = problem.document(requestID: BoxOfficeStore.newID("req_")).encoded()
        var head = HTTPResponse(status: .badRequest)
        head.headerFields[.contentType] = "application/problem+json"
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(context.channel.allocator.buffer(bytes: body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
