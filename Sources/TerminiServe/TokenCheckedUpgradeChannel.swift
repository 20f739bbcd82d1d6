import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with WebSocket upgrade, with an `UpgradeTokenCheck` placed in each connection's
/// pipeline ahead of the upgrade handler, so an upgrade without the token is answered 403 before it is considered.
struct TokenCheckedUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let upgradeChannel: HTTP1WebSocketUpgradeChannel
    let token: AccessToken

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let token = token
        return upgradeChannel.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(UpgradeTokenCheck(token: token), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await upgradeChannel.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrade through `webSocketRouter`; with a `token`, an upgrade without it gets 403.
    static func tokenCheckedWebSocketUpgrade(webSocketRouter: Router<BasicWebSocketRequestContext>,
                                             token: AccessToken?) -> HTTPServerBuilder {
        guard let token else { return .http1WebSocketUpgrade(webSocketRouter: webSocketRouter) }
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            TokenCheckedUpgradeChannel(
                upgradeChannel: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder,
                                                             configuration: .init()),
                token: token)
        }
    }
}
