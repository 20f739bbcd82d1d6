import Foundation
import NIOCore
import NIOHTTP1

/// Stands between the HTTP request decoder and the WebSocket upgrade handler and answers an upgrade request without
/// the access token with `403 Forbidden`, then ends the connection. The upgrade handler would answer a declined
/// upgrade with 400; the token is a question of permission, so the client is told so. A request that passes (or is
/// not an upgrade) goes on unchanged, and the check leaves the pipeline: only a connection's first request can be
/// upgraded, so there is nothing more for it to see.
final class UpgradeTokenCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let token: AccessToken
    private var refused = false

    init(token: AccessToken) { self.token = token }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Once refused, the rest of the request (and anything pipelined after it) is dropped.
        guard !refused else { return }
        guard case .head(let head) = unwrapInboundIn(data), Self.asksForUpgrade(head), !carriesToken(head) else {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        refused = true
        ServeLog.line("http: refused \(Self.path(head.uri)): no valid token")
        var headers = HTTPHeaders()
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Content-Length", value: "0")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .forbidden, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            // Told that the input ended, the upgrade handler closes the connection and gives up its upgrade
            // quietly, as when a client leaves before sending a request.
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
    }

    private static func asksForUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers["Upgrade"].contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    private func carriesToken(_ head: HTTPRequestHead) -> Bool {
        let given = URLComponents(string: head.uri)?.queryItems?.first { $0.name == "token" }?.value
        return token.matches(given.map { Substring($0) })
    }

    private static func path(_ uri: String) -> String {
        TerminalText.printable(String(uri.prefix { $0 != "?" }))
    }
}
