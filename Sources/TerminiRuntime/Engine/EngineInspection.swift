import TerminiBridge
import TerminiTemplate
import TerminiUI

/// The top page as an inspector reads it: its name, data and live widget tree (boxes in screen cells).
package struct InspectedPage {
    package var name: String
    package var pageId: Int
    /// The navigation stack's page names, root first.
    package var stack: [String]
    package var data: JSONValue
    package var tree: InspectedWidget
}

/// What the app keeps in storage, as an inspector shows it.
package struct InspectedStorage {
    package var app: String
    package var entries: [(key: String, value: JSONValue)]
    package var bytes: Int
    package var limitBytes: Int
}

extension MiniAppEngine {
    /// The page on top of the stack, read on the UI thread between frames (a preview's inspector); nil before the
    /// first page is made or while an app error replaces every page.
    package var inspectedPage: InspectedPage? {
        guard let top = navigator.top else { return nil }
        return InspectedPage(name: top.name, pageId: top.pageId, stack: navigator.stack.map(\.name), data: top.view.data,
                             tree: top.view.inspectedTree())
    }

    /// Every key the app stored and its value; nil without a store folder. Throws what the store reports.
    package func inspectedStorage() throws(CommandError) -> InspectedStorage? {
        guard let storage else { return nil }
        let app = bundle.storageId
        let usage = try storage.usage(app: app)
        var entries: [(key: String, value: JSONValue)] = []
        for key in usage.keys.sorted() { entries.append((key, try storage.get(app: app, key: key))) }
        return InspectedStorage(app: app, entries: entries, bytes: usage.currentBytes, limitBytes: usage.limitBytes)
    }

    /// The budget a frame has, for the inspector's frame list.
    package var frameBudgetNanoseconds: UInt64 { scheduler.budgetNanoseconds }
}
