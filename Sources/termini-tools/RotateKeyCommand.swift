import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini rotate-key --registry DIR --key k.key --new new.pub [--old old.key]`: lets apps pinned to an old
/// publisher key accept bundles signed by a new one.
struct RotateKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key",
        abstract: "Hand the apps pinned to a publisher key over to a new key, with a rotation the old key signs.",
        discussion: """
            Every installed app is pinned to the key that signed its first install: an update signed by another key \
            is refused. This adds a rotation from the old key to the new one to the registry's index, signed by the \
            old key, and re-signs the index with the registry key (--key); clients then accept bundles signed by the \
            new key for apps pinned to the old one, and pin them to the new key. Clients must also trust the new key \
            ('termini registry add --trust'). docs/DISTRIBUTION.md explains key rotation.

            Examples:
              termini rotate-key --registry /srv/termini --key registry.key --new registry-2025.pub
              termini rotate-key --registry /srv/termini --key registry.key --old team.key --new team-2025.pub
            """)

    @OptionGroup var signing: RegistrySigningOptions

    @Option(name: .long, help: ArgumentHelp("The private key being retired; it signs the rotation (default: --key).", valueName: "prefix.key"))
    var old: String?

    @Option(name: .long, help: ArgumentHelp("The public key that takes over.", valueName: "prefix.pub"))
    var new: String

    func run() throws {
        let registryKey = try signing.signingKey()
        let oldKey = try old.map { path throws in try BundleSigningKey.load(path: path) } ?? registryKey
        let newKey = try BundlePublicKey.load(path: new)
        let publisher = RegistryPublisher(folder: signing.registry, key: registryKey)
        let added: Bool
        do { added = try publisher.rotateKey(from: oldKey, to: newKey) } catch { throw CLIError("rotate-key failed: \(error)") }
        if added {
            print("rotated \(oldKey.publicKey.fingerprint) -> \(newKey.fingerprint) in \(publisher.folder); index signed by \(registryKey.publicKey.fingerprint)")
        } else {
            print("\(publisher.folder) already rotates \(oldKey.publicKey.fingerprint) -> \(newKey.fingerprint); nothing changed")
        }
    }
}
