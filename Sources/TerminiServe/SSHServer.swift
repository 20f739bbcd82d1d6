import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// The SSH listener of `termini serve`: one `NIOSSHHandler` per connection with this server's host key and logins,
/// one `SSHSessionHandler` per session channel. Everything else a client may open (port forwarding, direct TCP/IP
/// channels) is refused and logged; agent forwarding and X11 requests are refused by the SSH library itself.
public final class SSHServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    /// The port the listener is bound to (the system's pick when the configuration asked for 0).
    public let boundPort: Int

    /// Binds the listener on `host:port` (port 0: a free one); sessions start as clients connect.
    public init(environment: SessionEnvironment, host: String, port: Int, hostKey: HostKeyFile, authorizedKeys: AuthorizedKeys?) throws(ServeError) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let configuration = environment.configuration
        let limiter = FailedLoginLimiter()
        let grace = TimeAmount.seconds(configuration.loginGraceTime.components.seconds)
        let key = hostKey.privateKey
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress ?? "unknown"
                let identity = ConnectionIdentity(address: address)
                // A client that never finishes the handshake or the login holds nothing for long.
                let loginDeadline = channel.eventLoop.scheduleTask(in: grace) {
                    if !identity.isAuthenticated {
                        ServeLog.line("ssh \(address): closed: no login within \(grace.nanoseconds / 1_000_000_000)s")
                        channel.close(promise: nil)
                    }
                }
                channel.closeFuture.whenComplete { _ in loginDeadline.cancel() }
                return channel.eventLoop.makeCompletedFuture {
                    let ssh = NIOSSHHandler(
                        role: .server(.init(hostKeys: [key],
                                            userAuthDelegate: ServeAuthDelegate(authorized: authorizedKeys, identity: identity, limiter: limiter),
                                            globalRequestDelegate: RefusingGlobalRequestDelegate(address: address))),
                        allocator: channel.allocator,
                        inboundChildChannelInitializer: { child, type in
                            switch type {
                            case .session:
                                return child.eventLoop.makeCompletedFuture {
                                    try child.pipeline.syncOperations.addHandler(SSHSessionHandler(environment: environment, identity: identity))
                                }
                            case .directTCPIP(let target):
                                ServeLog.line("ssh \(address): refused a direct-tcpip channel to \(target.targetHost):\(target.targetPort)")
                                return child.eventLoop.makeFailedFuture(ServeError("channel type not offered"))
                            case .forwardedTCPIP:
                                ServeLog.line("ssh \(address): refused a forwarded-tcpip channel")
                                return child.eventLoop.makeFailedFuture(ServeError("channel type not offered"))
                            }
                        })
                    try channel.pipeline.syncOperations.addHandlers([ssh, ConnectionErrorHandler(address: address)])
                }
            }
        do {
            listener = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw ServeError("cannot listen for SSH on \(host):\(port): \(error)")
        }
        self.group = group
        boundPort = listener.localAddress?.port ?? port
    }

    /// Stops accepting connections; sessions already open go on.
    public func stopListening() { try? listener.close().wait() }

    /// Closes every connection; call after the sessions have ended.
    public func closeConnections() {
        // Lets the last "shutting down" lines and exit statuses leave before the connections close.
        usleep(100_000)
        try? group.syncShutdownGracefully()
    }

}

/// Closes a connection whose SSH stream failed (garbage instead of a handshake, a protocol error), and logs why.
private final class ConnectionErrorHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any
    let address: String

    init(address: String) { self.address = address }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        ServeLog.line("ssh \(address): connection closed: \(error)")
        context.close(promise: nil)
    }
}
