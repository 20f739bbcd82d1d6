import TerminiScript
import TerminiTemplate
import TerminiUI

/// A page on the navigation stack: its JS instance id, its retained widget tree, and frame bookkeeping.
package final class PageEntry {
    let pageId: Int
    package let name: String
    package let view: PageView
    /// The page as the compositor draws it.
    let layer: PageLayer
    var title: String?
    /// Set by `setNavigationBarTitle`: the root page shows its title bar only once the app asks for one.
    var titleSetByApp = false
    /// The newest setData sequence applied but not yet shown; reported to JS after the next frame.
    var unpresentedSequence: Int?
    /// The names its key bindings can call (its methods and the App's, when it was made): a binding whose handler is
    /// not among them is not in force, so the footer and the help leave it out and its key goes on to `onKey`.
    var bindable: Set<String> = []
    /// onReady fires once, after the page's first frame.
    var isReady = false
    /// A script error that belongs to this page: shown instead of the page until the user leaves it.
    package var error: ScriptError?
    /// Set for a page opened with `navigateTo({modal: true})`: drawn in a box over the page that opened it.
    var modal: ModalPageSize?

    init(pageId: Int, name: String, view: PageView, title: String?) {
        self.pageId = pageId
        self.name = name
        self.view = view
        layer = PageLayer(view: view)
        self.title = title
    }

    /// The bindings in force on the page, with the app's `app.json` bindings.
    func keyBindings(app: [KeyBinding]) -> KeyBindings {
        KeyBindings(page: view.template.keys, app: app, bindable: bindable, textInput: view.textInputFocus)
    }
}
