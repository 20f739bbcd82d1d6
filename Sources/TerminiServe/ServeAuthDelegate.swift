import NIOCore
import NIOSSH

/// Decides one connection's logins: keys listed in `--authorized-keys`, or anyone with `--open`. The SSH library
/// has already checked the signature when a public-key request reaches `requestReceived`.
final class ServeAuthDelegate: NIOSSHServerUserAuthenticationDelegate {
    private let authorized: AuthorizedKeys?
    private let identity: ConnectionIdentity
    private let limiter: FailedLoginLimiter

    /// `authorized` nil: the server is open.
    init(authorized: AuthorizedKeys?, identity: ConnectionIdentity, limiter: FailedLoginLimiter) {
        self.authorized = authorized
        self.identity = identity
        self.limiter = limiter
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        guard let authorized else {
            // Open: any method, a key or none, gets in; the key (if any) is logged but scopes nothing.
            if case .publicKey(let key) = request.request {
                ServeLog.line("ssh \(identity.address): open login as '\(request.username)' with \(SSHKeyFingerprint.of(key.publicKey))")
            } else {
                ServeLog.line("ssh \(identity.address): open login as '\(request.username)'")
            }
            identity.authenticated(user: request.username, keyFingerprint: nil)
            responsePromise.succeed(.success)
            return
        }
        guard case .publicKey(let key) = request.request else {
            // OpenSSH asks with "none" first to learn the methods; that is not a failed guess.
            responsePromise.succeed(.failure)
            return
        }
        guard limiter.allows(identity.address) else {
            ServeLog.line("ssh \(identity.address): login refused: too many failed logins from this address; try again in a minute")
            responsePromise.succeed(.failure)
            return
        }
        let fingerprint = SSHKeyFingerprint.of(key.publicKey)
        if authorized.fingerprints.contains(fingerprint) {
            ServeLog.line("ssh \(identity.address): login as '\(request.username)' with \(fingerprint)")
            identity.authenticated(user: request.username, keyFingerprint: fingerprint)
            responsePromise.succeed(.success)
        } else {
            limiter.recordFailure(identity.address)
            ServeLog.line("ssh \(identity.address): login refused: key \(fingerprint) is not in the authorized keys")
            responsePromise.succeed(.failure)
        }
    }
}

/// Refuses port forwarding requests (`ssh -R`), and logs them.
struct RefusingGlobalRequestDelegate: GlobalRequestDelegate {
    let address: String

    func tcpForwardingRequest(_ request: GlobalRequest.TCPForwardingRequest, handler: NIOSSHHandler,
                              promise: EventLoopPromise<GlobalRequest.TCPForwardingResponse>) {
        ServeLog.line("ssh \(address): refused port forwarding request (\(request))")
        promise.fail(ServeError("port forwarding is not offered"))
    }
}
