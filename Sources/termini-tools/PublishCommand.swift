import ArgumentParser
import TerminiLaunch
import TerminiRuntime

/// `termini publish app.zip --registry DIR --key k.key [--minimum v]`: adds a bundle to a static registry folder.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Add a signed bundle to a registry folder that any static HTTP server can serve.",
        discussion: """
            Writes each file of the bundle once as <dir>/files/<sha256> (clients that have an earlier version \
            download only the changed ones), <dir>/apps/<id>/<version>.zip, then <dir>/index.json.sig and \
            <dir>/index.json (each by write-to-temp + rename, so readers never see an index that names a missing \
            file). The bundle must \
            pass every install check and be signed by the registry key (or a --trust key). Publishing the same \
            version again with the same bytes changes nothing; with different bytes it is refused. \
            docs/DISTRIBUTION.md explains hosting.

            Examples:
              termini keygen --out registry
              termini pack todo --out todo.zip --key registry.key
              termini publish todo.zip --registry /srv/termini --key registry.key
              termini publish todo-1.2.0.zip --registry /srv/termini --key registry.key --minimum 1.2.0
              termini publish todo-1.3.0.zip --registry /srv/termini --key registry.key --channel beta --rollout 10
            """)

    @Argument(help: ArgumentHelp("The bundle archive made by 'termini pack'.", valueName: "bundle.zip"))
    var archive: String

    @Option(name: .long, help: ArgumentHelp("The registry folder (created if missing).", valueName: "dir"))
    var registry: String

    @Option(name: .long, help: ArgumentHelp("The registry's private key; it signs index.json.", valueName: "prefix.key"))
    var key: String

    @Option(name: .long, help: ArgumentHelp("Another key that may have signed the bundle (repeatable); clients must trust it too.", valueName: "prefix.pub"))
    var trust: [String] = []

    @Option(name: .long, help: ArgumentHelp("Mark this version as the app's minimum: older installed versions wait for the update instead of running.", valueName: "version"))
    var minimum: String?

    @Option(name: .long, help: ArgumentHelp("Publish a new version to this channel; clients that follow it ('registry add --channel') take it (default: stable, which every client takes).", valueName: "name"))
    var channel: String?

    // .unconditional, so that `--rollout -1` reaches the range check instead of reading as an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Roll a new version out to this percentage of installs, 0-100 (default 100); 'termini rollout' changes it later.", valueName: "percent"))
    var rollout: Int?

    func run() throws {
        let signingKey = try BundleSigningKey.load(path: key)
        let extra = try trust.map { path throws in try BundlePublicKey.load(path: path) }
        let publisher = RegistryPublisher(folder: registry, key: signingKey, bundleKeys: extra)
        let result: PublishResult
        do { result = try publisher.publish(archive: archive, minimum: minimum, channel: channel, rollout: rollout) } catch { throw CLIError("publish failed: \(error)") }
        let required = result.minimum.map { ", minimum \($0)" } ?? ""
        if result.unchanged {
            print("\(result.id) \(result.version) is already published with these bytes; nothing changed\(required)")
        } else {
            let staged = (channel.map { ", channel \($0)" } ?? "") + (rollout.map { ", rolled out to \($0) % of installs" } ?? "")
            print("published \(result.id) \(result.version) (\(result.size) bytes, sha256 \(result.sha256.prefix(12))…) to \(publisher.folder)\(required)\(staged); index signed by \(signingKey.publicKey.fingerprint)")
        }
    }
}
