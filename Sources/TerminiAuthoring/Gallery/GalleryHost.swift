import Foundation
import TerminiBridge
import TerminiClock
import TerminiRuntime
import TerminiTemplate
import TerminiTerminal

/// `termini` with no arguments: the gallery mini-app lists the embedded samples; Enter opens one on the same
/// terminal, Esc at the app's first page comes back (with the same entry selected), Esc or Ctrl-C in the gallery
/// quits, and Ctrl-C in an app quits everything.
public final class GalleryHost {
    let backend: GalleryBackend
    let options: EngineOptions
    let samples: [EmbeddedProject]

    /// One line per sample in the gallery; apps without an entry show none.
    static let summaries: [String: String] = [
        "todo": "add, toggle and reorder tasks (kept in storage)",
        "feed": "10,000 stories in a virtualized list",
        "clock": "a live clock redrawn every second",
        "settings": "forms, switches and page navigation",
        "wide": "中文 wide-character layout and alignment",
        "widgets": "every widget, and a light and a dark theme",
    ]

    public init(backend: any TerminalBackend, options: EngineOptions, samples: [EmbeddedProject] = EmbeddedSamples.samples) {
        self.backend = GalleryBackend(base: backend)
        self.options = options
        self.samples = samples
    }

    /// Runs until the user quits from the gallery (or presses Ctrl-C anywhere).
    public func run() throws {
        var selected = 0
        while true {
            guard let index = try runGallery(selected: selected) else { return }
            selected = index
            try runApp(samples[index])
            if backend.quitRequested { return }
        }
    }

    /// The gallery's rows, as the JSON the gallery page reads from its `apps` query.
    func appListJSON() -> String {
        let rows: [JSONValue] = samples.map { sample in
            let name = (try? sample.manifest().name) ?? sample.folder
            return .object(["id": .string(sample.folder), "name": .string(name),
                            "summary": .string(Self.summaries[sample.folder] ?? "")])
        }
        return JSONValue.array(rows).serialized()
    }

    /// The commands the gallery adds to the built-in ones, for its sample's editor types.
    public static let hostCommandSignatures = [OpenSampleCommand.definition.signature]

    /// Shows the gallery; returns the index of the sample to open, or nil to quit.
    func runGallery(selected: Int) throws -> Int? {
        guard let project = EmbeddedSamples.gallery else { throw BundleLoadError(file: "embedded:gallery", message: "the gallery app is not embedded") }
        let chosen = Locked<String?>(nil)
        let waker = backend.inputWaker
        let ids = Set(samples.map(\.folder))
        let gallerySamples = GallerySamples(known: ids, open: { id in
            chosen.value = id
            waker.wake()
        })
        let open = OpenSampleCommand.definition.registration(with: gallerySamples)
        var galleryOptions = options
        galleryOptions.showPerformanceHUD = false
        let engine = try MiniAppEngine(bundle: try project.load(), backend: backend, options: galleryOptions, commands: [open].compactMap { $0 })
        backend.arrowsMoveFocus = true
        engine.invalidateScreen()
        engine.start(query: ["apps": appListJSON()])
        defer { engine.stop() }
        // Rows exist after onLoad's setData; wait for it so the first frame already lists the apps.
        engine.waitForScriptIdle(timeout: .seconds(2))
        var focusRestored = false
        while !engine.isFinished {
            engine.step(maxWaitMilliseconds: focusRestored ? nil : 16)
            if !focusRestored, !engine.stack.isEmpty, !engine.timings.isEmpty {
                // Focus the previously opened row: the first row has focus when the page opens, and each Tab
                // moves one row down.
                for _ in 0..<max(0, min(selected, samples.count - 1)) { backend.enqueue(.key(.tab)) }
                focusRestored = true
            }
            if let id = chosen.value { return samples.firstIndex { $0.folder == id } }
        }
        return nil
    }

    /// Runs one sample on the shared terminal until it finishes (Esc at its first page, or it exits).
    func runApp(_ sample: EmbeddedProject) throws {
        let engine = try MiniAppEngine(bundle: try sample.load(), backend: backend, options: options)
        backend.arrowsMoveFocus = false
        engine.invalidateScreen()
        engine.start()
        defer { engine.stop() }
        while !engine.isFinished { engine.step(maxWaitMilliseconds: nil) }
    }
}
