import TerminiBridge
import TerminiScript
import TerminiTemplate
import TerminiUI

/// A page the UI thread asked the script to create and has not seen created yet. While one exists, other
/// navigation fails as busy and page input is dropped: a double-tapped button opens one page.
struct PendingNavigation {
    enum Kind {
        /// The app's first page.
        case launch
        /// navigateTo: pushed above the current top.
        case push
        /// redirectTo: replaces this page (already unloaded).
        case redirect(replacing: Int)
        /// reLaunch: replaces every page (already unloaded).
        case relaunch(replacing: [Int])
    }
    var pageId: Int
    var name: String
    var kind: Kind
    /// The call to answer once the page exists (navigateTo; redirectTo and reLaunch answer before they unload
    /// the caller).
    var reply: BridgeCall?
}

/// The UI thread's own commands: navigation, overlays, the title bar and exit. None needs a manifest permission:
/// they only change the app's own screen, as in WeChat, where no page needs a scope to navigate or show a toast.
extension MiniAppEngine {
    /// The most pages the stack holds (DESIGN §4).
    static let maxStackDepth = 10

    func handleUICommand(_ call: BridgeCall) {
        let outcome: CommandOutcome?
        do throws(CommandError) {
            switch call.name {
            case "navigateTo": outcome = try navigateTo(call)
            case "redirectTo": outcome = try redirectTo(call)
            case "navigateBack": outcome = try navigateBack(call)
            case "reLaunch": outcome = try reLaunch(call)
            case "setNavigationBarTitle": outcome = try setNavigationBarTitle(call)
            case "exitMiniApp":
                isFinished = true
                outcome = .success(call.name, [:])
            case "showToast": outcome = try showToast(call)
            case "hideToast": outcome = hideToast(call)
            case "showModal": outcome = try showModal(call)
            default: outcome = .failure(call.name, CommandError(.unknownCommand, "unknown command '\(call.name)'"))
            }
        } catch {
            outcome = .failure(call.name, error)
        }
        if let outcome { answer(call, outcome) }
    }

    /// Bridge calls this thread holds unanswered: a navigation waiting for its page, an open modal.
    var heldInvokes: Int { (navigation?.reply == nil ? 0 : 1) + (overlays.modal == nil ? 0 : 1) }

    func answer(_ call: BridgeCall, _ outcome: CommandOutcome) {
        runtime.resolveInvoke(callbackId: call.callbackId, result: outcome.envelope, ok: outcome.ok)
    }

    // MARK: - Commands

    private func navigateTo(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        try checkNotBusy()
        let target = try resolveTarget(call)
        guard stack.count < Self.maxStackDepth else {
            throw CommandError(.limitReached, "the page stack is full (\(Self.maxStackDepth) pages); use redirectTo or navigateBack")
        }
        if let top = stack.last { runtime.callLifecycle(pageId: top.pageId, .hide) }
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: .push, reply: call)
        return nil
    }

    private func redirectTo(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        try checkNotBusy()
        let target = try resolveTarget(call)
        // Answered before the caller unloads, as navigateBack is: its callbacks are dropped at onUnload, and in
        // WeChat the caller still hears `success`.
        answer(call, .success(call.name, [:]))
        let kind: PendingNavigation.Kind
        if let top = stack.last {
            retire(top)
            kind = .redirect(replacing: top.pageId)
        } else {
            kind = .launch
        }
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: kind, reply: nil)
        return nil
    }

    private func reLaunch(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        try checkNotBusy()
        let target = try resolveTarget(call)
        answer(call, .success(call.name, [:]))  // before every page unloads, as for redirectTo
        for entry in stack.reversed() { retire(entry) }
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: .relaunch(replacing: stack.map(\.pageId)),
                                       reply: nil)
        return nil
    }

    private func navigateBack(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        try checkNotBusy()
        var delta = 1
        if let number = try call.params.optionalNumber("delta") {
            guard number >= 1, number == number.rounded(), number <= 1_000_000 else {
                throw CommandError(.invalidParameter, "parameter 'delta' must be a whole number of at least 1, got \(number)")
            }
            delta = Int(number)
        }
        guard stack.count > 1 else {
            throw CommandError(.limitReached, "already on the first page; there is no page to go back to")
        }
        // Answered before the pages go, so the caller (often the top page itself) still hears back before its
        // onUnload. As in WeChat, a delta past the root stops at the root.
        answer(call, .success(call.name, [:]))
        popPages(min(delta, stack.count - 1))
        return nil
    }

    private func setNavigationBarTitle(_ call: BridgeCall) throws(CommandError) -> CommandOutcome? {
        let title = try call.params.requiredString("title")
        let entry = call.pageId.flatMap { id in stack.first { $0.pageId == id } } ?? stack.last
        guard let entry else { throw CommandError(.notFound, "no page is open") }
        entry.title = title
        entry.titleSetByApp = true
        scheduler.markDirty()
        return .success(call.name, [:])
    }

    // MARK: - Stack changes

    private func checkNotBusy() throws(CommandError) {
        if let pending = navigation {
            throw CommandError(.busy, "busy: another navigation (to '\(pending.name)') is in progress")
        }
    }

    private func resolveTarget(_ call: BridgeCall) throws(CommandError) -> NavigationTarget {
        let url = try call.params.requiredString("url")
        switch NavigationTarget.parse(url, appId: bundle.manifest.id) {
        case .failure(let error): throw CommandError(.invalidParameter, error.reason)
        case .success(let target):
            guard bundle.pages[target.page] != nil else {
                throw CommandError(.notFound, "no page named '\(target.page)' in this app (pages: \(bundle.manifest.pages.joined(separator: ", ")))")
            }
            return target
        }
    }

    /// Unloads a page that is leaving the stack: its hook runs, its commands are cancelled, its modal closes.
    func retire(_ entry: PageEntry) {
        router.cancelAll(pageId: entry.pageId)
        runtime.callLifecycle(pageId: entry.pageId, .unload)
        if let modal = overlays.modal, modal.ownerPageId == entry.pageId { overlays.modal = nil }
    }

    /// navigateBack and Esc: unloads the top `count` pages, top first, then shows the revealed page.
    func popPages(_ count: Int) {
        guard count > 0, stack.count > count else { return }
        for _ in 0..<count { retire(stack.removeLast()) }
        if let revealed = stack.last { runtime.callLifecycle(pageId: revealed.pageId, .show) }
        publishedPageStack.value = stack.map(\.name)
        scheduler.markDirty()
    }

    /// The script created a page: it joins the stack as its navigation says, and the navigation is answered.
    func pageCreated(pageId: Int, name: String, data: JSONValue) {
        guard let template = bundle.pages[name] else { return }
        let entry = PageEntry(pageId: pageId, name: name, view: PageView(template: template, data: data),
                              title: template.title)
        if let pending = navigation, pending.pageId == pageId {
            navigation = nil
            switch pending.kind {
            case .launch, .push: break
            case .redirect(let old): stack.removeAll { $0.pageId == old }
            case .relaunch(let old): stack.removeAll { old.contains($0.pageId) }
            }
            if let reply = pending.reply { answer(reply, .success(reply.name, [:])) }
        }
        stack.append(entry)
        publishedPageStack.value = stack.map(\.name)
        scheduler.markDirty()
    }

    /// A script error for the page being created (e.g. main.js never registered it): the navigation fails, and
    /// the stack goes back to what the user had, minus pages that were already unloaded. Returns whether the error
    /// belonged to a pending navigation.
    func navigationFailed(_ error: ScriptError) -> Bool {
        guard let pending = navigation, error.pageId == pending.pageId,
              !stack.contains(where: { $0.pageId == pending.pageId })
        else { return false }
        navigation = nil
        switch pending.kind {
        case .launch, .push: break
        case .redirect(let old): stack.removeAll { $0.pageId == old }
        case .relaunch(let old): stack.removeAll { old.contains($0.pageId) }
        }
        // The page under it was hidden (navigateTo) or revealed (redirectTo): either way it is on screen again.
        if let top = stack.last { runtime.callLifecycle(pageId: top.pageId, .show) } else if appError == nil { appError = error }
        if let reply = pending.reply {
            answer(reply, .failure(reply.name, CommandError(.internal, "page '\(pending.name)' could not be created: \(error.message)")))
        }
        publishedPageStack.value = stack.map(\.name)
        scheduler.markDirty()
        return true
    }
}
