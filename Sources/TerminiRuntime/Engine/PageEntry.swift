import TerminiScript
import TerminiTemplate
import TerminiUI

/// A page on the navigation stack: its JS instance id, its retained widget tree, and frame bookkeeping.
package final class PageEntry {
    let pageId: Int
    package let name: String
    package let view: PageView
    var title: String?
    /// Set by `setNavigationBarTitle`: the root page shows its title bar only once the app asks for one.
    var titleSetByApp = false
    /// The newest setData sequence applied but not yet shown; reported to JS after the next frame.
    var unpresentedSequence: Int?
    /// onReady fires once, after the page's first frame.
    var isReady = false
    /// A script error that belongs to this page: shown instead of the page until the user leaves it.
    package var error: ScriptError?
    /// The template locations of text fields: Backspace edits text there and goes back everywhere else.
    let textFieldLocs: Set<String>

    init(pageId: Int, name: String, view: PageView, title: String?) {
        self.pageId = pageId
        self.name = name
        self.view = view
        self.title = title
        var locs: Set<String> = []
        var pending = [view.template.root]
        while let node = pending.popLast() {
            if node.cls == "TextField", let loc = node.loc { locs.insert(loc) }
            pending.append(contentsOf: node.children)
            for slot in node.slots.values { pending.append(contentsOf: slot) }
        }
        textFieldLocs = locs
    }

    /// Whether the focused widget edits text, so Backspace belongs to it.
    var focusEditsText: Bool { view.focusedLoc.map(textFieldLocs.contains) ?? false }
}
