import TerminiTemplate
import TerminiUI

/// Hot-reload hooks for `termini preview`, kept apart from the engine's own files.
extension MiniAppEngine {
    /// Swaps in recompiled templates. Every open page re-renders with its current data and its place on the
    /// navigation stack; elements that still match keep their state (focus, scroll, text being typed). Pages opened
    /// later use the new templates too. Pages that vanished from the project keep their old template.
    package func reloadTemplates(_ pages: [String: TemplateFile]) {
        for (name, template) in pages { navigator.bundle.pages[name] = template }
        for entry in stack {
            guard let template = pages[entry.name] else { continue }
            entry.view.replaceTemplate(template)
            entry.title = template.title
        }
        scheduler.markDirty()
    }

    /// Asks for a frame (e.g. the overlay changed while the page did not).
    package func requestFrame() { scheduler.markDirty() }
}
