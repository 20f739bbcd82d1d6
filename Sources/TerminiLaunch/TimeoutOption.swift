import ArgumentParser
import TerminiRuntime

/// `--timeout`, shared by every command that downloads from a registry: seconds without a byte before a transfer is
/// given up; each transfer's overall deadline adds time for its size (docs/DISTRIBUTION.md, "Timeouts").
public struct TimeoutOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds a download (index or archive) may go without receiving a byte; the whole download may take this plus its size at 32 KB/s.", valueName: "seconds"))
    public var timeout: Double = 10

    public init() {}

    public func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds, got \(timeout)") }
    }

    /// A client of `store` that uses this timeout and writes its warnings to standard error.
    public func client(_ store: AppStore) -> RegistryClient {
        var client = RegistryClient(store: store)
        client.timeout = timeout
        client.warn = { printNotice($0) }
        return client
    }
}
