import ArgumentParser
import TerminiRuntime

/// `termini keygen --out <prefix>`: makes an Ed25519 key pair for signing bundles.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair: <prefix>.key (private, mode 0600) and <prefix>.pub (public).",
        discussion: """
            Both files are two lines of text: a header ('termini-ed25519-private-key/1' or \
            'termini-ed25519-public-key/1') and the base64 of the raw 32-byte key. Existing files are never overwritten.
            """)

    @Option(name: .long, help: ArgumentHelp("Path prefix of the two key files.", valueName: "prefix"))
    var out: String

    func run() throws {
        let key = BundleSigningKey.generate()
        try key.write(prefix: out)
        print("wrote \(out).key (private: keep it secret) and \(out).pub (public, fingerprint \(key.publicKey.fingerprint))")
    }
}
