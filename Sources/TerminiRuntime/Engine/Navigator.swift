import TerminiBridge
import TerminiClock
import TerminiFrames
import TerminiScript
import TerminiTerminal
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
        /// switchTab to a tab page not loaded yet: replaces the root, which was parked (a tab page) or unloaded.
        case switchTab(leaving: Int)
    }
    var pageId: Int
    var name: String
    var kind: Kind
    /// The call to answer once the page exists (navigateTo; redirectTo and reLaunch answer before they unload
    /// the caller).
    var reply: CommandReply?
    /// navigateTo({modal: true}): the page opens in a box over the current one.
    var modal: ModalPageSize? = nil
}

/// The page stack and every way it changes: the navigation commands, Esc and back, pages the script reports
/// created, and script errors that belong to a page or to the app.
///
/// Only the top page is built and painted: pages are opaque, and the ones below keep their widget trees and data
/// (maintainState) until they are revealed. UI thread only; `@unchecked Sendable` so that its command handlers can
/// be registered with the `CommandRouter`, which runs `.ui` handlers on the UI thread.
///
/// With a tab bar (app.json `tabBar`), a tab page is always the root of the stack, and the tab pages not shown are
/// parked: loaded, hidden, and brought back as they were by `switchTab`, as in WeChat.
///
/// None of its commands needs a manifest permission: they only change the app's own screen, as in WeChat, where no
/// page needs a scope to navigate.
final class Navigator: @unchecked Sendable {
    /// The most pages the stack holds, as in WeChat (docs/JS-API.md).
    static let maxStackDepth = 10

    /// The app being run; preview's hot reload swaps its templates.
    var bundle: LoadedBundle
    /// The navigation stack, root first.
    private(set) var stack: [PageEntry] = []
    /// Tab pages that are loaded but not shown, by name (another tab is the root).
    private(set) var parkedTabs: [String: PageEntry] = [:]
    /// The page being created for a navigation; see `PendingNavigation`.
    private(set) var navigation: PendingNavigation?
    /// A script error that belongs to no page (a syntax error in main.js, an error in App hooks).
    private(set) var appError: ScriptError?
    /// Set when the app asked to close or the user quit.
    var isFinished = false
    /// The page names, root first, for other threads (the watchdog's stall reports).
    let publishedPageStack = Locked<[String]>([])
    /// Called with a page's id when it leaves the stack, before its unload hook: its in-flight commands go.
    var onRetire: (Int) -> Void = { _ in }
    private var nextPageId = 1
    private let runtime: ScriptRuntime
    private let overlays: OverlayPresenter
    private let scheduler: FrameScheduler
    /// Asks the top page's `onBeforeLeave` before any way out of it (docs/JS-API.md#leaving-a-page).
    let leaveGuard: LeaveGuard

    /// A component's initial data from its script (`Component('Name', { data })`), for new instances.
    var componentData: (String) -> [String: JSONValue]? = { _ in nil }

    /// The theme `.styleClass` names are painted with: the app's first until `setTheme`.
    var theme: Theme {
        didSet { for entry in loadedPages { entry.view.theme = theme } }
    }

    /// The terminal's size, which every page's data holds as `$screen` (`ScreenData`).
    private(set) var screen: (width: Int, height: Int) = (0, 0)

    /// The terminal's size changed: each loaded page's `$screen` follows (only what reads it is rebuilt) and its
    /// `onResize({width, height})` hook is called. The first size (at start) calls no hook.
    func screenResized(width: Int, height: Int, callsHooks: Bool = true) {
        guard (width, height) != screen else { return }
        screen = (width, height)
        let value = ScreenData.value(width: width, height: height)
        for entry in loadedPages {
            entry.view.apply([(ScreenData.path, value)])
            // Only a page with the hook hears of it: waking the script thread for every page on every resize put
            // its wake-up inside the resize's frame (its methods are known from when it was made, as for
            // onBeforeLeave).
            if callsHooks, entry.bindable.contains(PageLifecycleEvent.resize.rawValue) {
                runtime.callLifecycle(pageId: entry.pageId, .resize, argument: value)
            }
        }
    }

    init(bundle: LoadedBundle, runtime: ScriptRuntime, overlays: OverlayPresenter, scheduler: FrameScheduler,
         leaveGuard: LeaveGuard)
    {
        theme = bundle.manifest.themes.themes.first ?? Theme()
        self.bundle = bundle
        self.runtime = runtime
        self.overlays = overlays
        self.scheduler = scheduler
        self.leaveGuard = leaveGuard
    }

    var top: PageEntry? { stack.last }

    /// The app's tab strip, if it has one.
    var tabBar: TabBar? { bundle.manifest.tabBar }

    /// Whether the tab strip shows: the only page on the stack is a tab page.
    var showsTabBar: Bool { stack.count == 1 && tabBar?.contains(stack[0].name) == true }

    /// Every page the script holds loaded: the stack, then the parked tab pages.
    var loadedPages: [PageEntry] {
        stack + parkedTabs.values.filter { parked in !stack.contains { $0 === parked } }
    }

    func entry(pageId: Int) -> PageEntry? {
        stack.first { $0.pageId == pageId } ?? parkedTabs.values.first { $0.pageId == pageId }
    }

    /// The page a command acts on: the calling page, or the top page for a call with none (the host's).
    func callingPage(_ context: CommandContext) throws(CommandError) -> PageEntry {
        guard let entry = context.pageId.flatMap(entry(pageId:)) ?? top else { throw CommandError(.notFound, "no page is open") }
        return entry
    }

    /// Whether this thread holds a navigation call unanswered (navigateTo waits for its page).
    var holdsReply: Bool { navigation?.reply != nil || leaveGuard.holdsCall }

    /// Whether page input is dropped: a page is being opened, or an error is on screen.
    var blocksPageInput: Bool { navigation != nil || appError != nil || top?.error != nil }

    // MARK: - Commands

    /// navigateTo, redirectTo, navigateBack, reLaunch, switchTab, setNavigationBarTitle and exitMiniApp, run on the UI thread.
    static let commands: [EngineCommand] = [
        EngineCommand(name: "navigateTo", thread: .ui, shape: .navigateTo) { services, params, _, reply throws(CommandError) in
            try services.navigator.navigateTo(params, reply)
        },
        EngineCommand(name: "redirectTo", thread: .ui, shape: .redirectTo) { services, params, _, reply throws(CommandError) in
            try services.navigator.redirectTo(params, reply)
        },
        EngineCommand(name: "navigateBack", thread: .ui, shape: .navigateBack) { services, params, _, reply throws(CommandError) in
            try services.navigator.navigateBack(params, reply)
        },
        EngineCommand(name: "reLaunch", thread: .ui, shape: .reLaunch) { services, params, _, reply throws(CommandError) in
            try services.navigator.reLaunch(params, reply)
        },
        EngineCommand(name: "switchTab", thread: .ui, shape: .switchTab) { services, params, _, reply throws(CommandError) in
            try services.navigator.switchTab(params, reply)
        },
        EngineCommand(name: "setNavigationBarTitle", thread: .ui, shape: .setNavigationBarTitle) { services, params, context, reply throws(CommandError) in
            try services.navigator.setNavigationBarTitle(params, pageId: context.pageId)
            reply.succeed()
        },
        EngineCommand(name: "exitMiniApp", thread: .ui, shape: .exitMiniApp) { services, _, _, reply in
            services.navigator.isFinished = true
            reply.succeed()
        },
    ]

    private func navigateTo(_ params: JSONValue, _ reply: CommandReply) throws(CommandError) {
        try checkNotBusy()
        let target = try resolveTarget(params)
        try checkNotTab(target, command: "navigateTo")
        let modal = try ModalPageSize(params: params)
        guard stack.count < Self.maxStackDepth else {
            throw CommandError(.limitReached, "the page stack is full (\(Self.maxStackDepth) pages); use redirectTo or navigateBack")
        }
        if let top = stack.last { runtime.callLifecycle(pageId: top.pageId, .hide) }
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: .push, reply: reply, modal: modal)
    }

    private func redirectTo(_ params: JSONValue, _ reply: CommandReply) throws(CommandError) {
        try checkNotBusy()
        let target = try resolveTarget(params)
        try checkNotTab(target, command: "redirectTo")
        try guarded(.redirectTo, params, reply) { [self] in redirect(to: target) }
    }

    private func redirect(to target: NavigationTarget) {
        let kind: PendingNavigation.Kind
        if let top = stack.last {
            retire(top)
            kind = .redirect(replacing: top.pageId)
        } else {
            kind = .launch
        }
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: kind, reply: nil)
    }

    private func reLaunch(_ params: JSONValue, _ reply: CommandReply) throws(CommandError) {
        try checkNotBusy()
        let target = try resolveTarget(params)
        try guarded(.reLaunch, params, reply) { [self] in relaunch(at: target) }
    }

    private func relaunch(at target: NavigationTarget) {
        for entry in stack.reversed() { retire(entry) }
        for entry in loadedPages where !stack.contains(where: { $0 === entry }) { retire(entry) }
        parkedTabs = [:]
        let pageId = openPage(target.page, query: target.query)
        navigation = PendingNavigation(pageId: pageId, name: target.page, kind: .relaunch(replacing: stack.map(\.pageId)),
                                       reply: nil)
    }

    private func navigateBack(_ params: JSONValue, _ reply: CommandReply) throws(CommandError) {
        try checkNotBusy()
        var delta = 1
        if let number = try params.optionalNumber("delta") {
            guard number >= 1, number == number.rounded(), number <= 1_000_000 else {
                throw CommandError(.invalidParameter, "parameter 'delta' must be a whole number of at least 1, got \(number)")
            }
            delta = Int(number)
        }
        guard stack.count > 1 else {
            throw CommandError(.limitReached, "already on the first page; there is no page to go back to")
        }
        // As in WeChat, a delta past the root stops at the root. `result` goes to the page that becomes visible,
        // as `onShow({ result })`: a page can hand a value back to the one that opened it without going through
        // storage.
        let result = params["result"].flatMap { $0.isNull ? nil : $0 }
        try guarded(.navigateBack, params, reply) { [self] in popPages(min(delta, stack.count - 1), result: result) }
    }

    /// A navigation the script asked for, once the top page agrees to go (`onBeforeLeave`, unless `force: true`).
    /// The call is answered before the pages go, so the caller (often the top page itself) still hears back before
    /// its onUnload, as in WeChat: `{left: true}`, or `{left: false}` when the page chose to stay, which is not a
    /// failure (a "Discard changes?" answered No is the guard working).
    private func guarded(_ reason: LeaveReason, _ params: JSONValue, _ reply: CommandReply,
                         leave: @escaping () -> Void) throws(CommandError)
    {
        let force = try params.optionalBool("force") ?? false
        guard !force, let top = stack.last else {
            reply.succeed(["left": .bool(true)])
            leave()
            return
        }
        leaveGuard.request(reason, from: top, holdsCall: true, leave: {
            reply.succeed(["left": .bool(true)])
            leave()
        }, stay: {
            reply.succeed(["left": .bool(false)])
        })
    }

    private func switchTab(_ params: JSONValue, _ reply: CommandReply) throws(CommandError) {
        try checkNotBusy()
        let target = try resolveTarget(params)
        guard let tabBar, tabBar.contains(target.page) else {
            let tabs = tabBar.map { $0.list.map(\.page).joined(separator: ", ") } ?? "the app has no tabBar in app.json"
            throw CommandError(.invalidParameter, "'\(target.page)' is not a tab page (tabs: \(tabs)); use navigateTo for other pages")
        }
        guard target.query.isEmpty else {
            throw CommandError(.invalidParameter, "switchTab's url takes no query: a tab page is loaded once and kept")
        }
        guard leavesTopPage(switchingTo: target.page) else { reply.succeed(["left": .bool(true)]); return }
        try guarded(.switchTab, params, reply) { [self] in switchTab(to: target.page) }
    }

    /// Whether showing tab `name` takes the user off the top page (it is not that tab already, alone on the stack).
    private func leavesTopPage(switchingTo name: String) -> Bool {
        stack.count > 1 || stack.first?.name != name
    }

    /// A tab the user chose (a click on the strip, `[` or `]`), once the top page agrees to go.
    func userSwitchesTab(to name: String) {
        guard navigation == nil, tabBar?.contains(name) == true, leavesTopPage(switchingTo: name), let top = stack.last
        else { return }
        leaveGuard.request(.switchTab, from: top) { [self] in switchTab(to: name) }
    }

    /// Shows the tab page `name` (switchTab, a click on the strip, `[` and `]`), asking no one: the pages above the root unload,
    /// the root is parked when it is a tab page (unloaded otherwise), and the tab comes back as it was, or loads.
    func switchTab(to name: String) {
        guard navigation == nil, tabBar?.contains(name) == true else { return }
        let popped = stack.count > 1
        while stack.count > 1 { retire(stack.removeLast()) }
        if let root = stack.first, root.name == name {
            // The tab already shown: revealed again when pages above it went, otherwise nothing happens.
            if popped {
                runtime.callLifecycle(pageId: root.pageId, .show)
                stackChanged()
            }
            return
        }
        let leaving = stack.first
        if let root = leaving {
            if tabBar?.contains(root.name) == true {
                runtime.callLifecycle(pageId: root.pageId, .hide)
                runtime.setPageParked(pageId: root.pageId, true)
                parkedTabs[root.name] = root
            } else {
                retire(root)
            }
        }
        if let parked = parkedTabs.removeValue(forKey: name) {
            runtime.setPageParked(pageId: parked.pageId, false)
            runtime.callLifecycle(pageId: parked.pageId, .show)
            stack = [parked]
            stackChanged()
            return
        }
        let pageId = openPage(name, query: [:])
        navigation = PendingNavigation(pageId: pageId, name: name, kind: leaving.map { .switchTab(leaving: $0.pageId) } ?? .launch,
                                       reply: nil)
    }

    /// The tab `offset` places after the shown one (wrapping), for `[` and `]`.
    func switchTab(by offset: Int) {
        guard showsTabBar, let list = tabBar?.list, let index = list.firstIndex(where: { $0.page == stack[0].name }) else { return }
        let next = ((index + offset) % list.count + list.count) % list.count
        userSwitchesTab(to: list[next].page)
    }

    /// Shows the stack to other threads: the watchdog's stall reports and the crash report.
    private func publishStack() {
        let names = stack.map(\.name)
        publishedPageStack.value = names
        CrashReport.notePageStack(names)
    }

    private func stackChanged() {
        publishStack()
        scheduler.markDirty()
    }

    private func setNavigationBarTitle(_ params: JSONValue, pageId: Int?) throws(CommandError) {
        let title = try params.requiredString("title")
        let entry = pageId.flatMap { id in stack.first { $0.pageId == id } } ?? stack.last
        guard let entry else { throw CommandError(.notFound, "no page is open") }
        entry.title = title
        entry.titleSetByApp = true
        scheduler.markDirty()
    }

    // MARK: - Stack changes

    private func checkNotBusy() throws(CommandError) {
        if let pending = navigation {
            throw CommandError(.busy, "busy: another navigation (to '\(pending.name)') is in progress")
        }
        if leaveGuard.isAsking {
            throw CommandError(.busy, "busy: the page is being asked whether it may leave (onBeforeLeave)")
        }
    }

    /// navigateTo and redirectTo do not open tab pages, as in WeChat: a tab page is loaded once, as the root.
    private func checkNotTab(_ target: NavigationTarget, command: String) throws(CommandError) {
        if tabBar?.contains(target.page) == true {
            throw CommandError(.invalidParameter, "'\(target.page)' is a tab page: use switchTab, not \(command)")
        }
    }

    private func resolveTarget(_ params: JSONValue) throws(CommandError) -> NavigationTarget {
        let url = try params.requiredString("url")
        switch NavigationTarget.parse(url, appId: bundle.manifest.id) {
        case .failure(let error): throw CommandError(.invalidParameter, error.reason)
        case .success(let target):
            guard bundle.pages[target.page] != nil else {
                throw CommandError(.notFound, "no page named '\(target.page)' in this app (pages: \(bundle.manifest.pages.joined(separator: ", ")))")
            }
            return target
        }
    }

    /// Opens the app's first page (or `page`): it joins the stack when the script reports it created.
    func launch(_ page: String, query: [String: String]) {
        let pageId = openPage(page, query: query)
        navigation = PendingNavigation(pageId: pageId, name: page, kind: .launch, reply: nil)
    }

    /// Asks the script for a page instance; it joins the stack when the script reports it created.
    private func openPage(_ name: String, query: [String: String]) -> Int {
        let pageId = nextPageId
        nextPageId += 1
        runtime.createPage(pageId: pageId, name: name, query: query)
        return pageId
    }

    /// A way out the user took: Esc, Backspace, the `‹` click, or an exit key (Ctrl-C, Ctrl-Q). The top page's
    /// `onBeforeLeave` is asked first, except on an error screen, which always lets the user go. Leaving the root
    /// closes the app, so the page hears `exit`; an exit key pressed again while the page is asked closes it anyway.
    func userLeaves(_ reason: LeaveReason) {
        guard appError == nil, navigation == nil, let top = stack.last else {
            if reason == .exit { isFinished = true } else { leaveTopPage() }
            return
        }
        if reason == .exit || stack.count <= 1 {
            leaveGuard.request(.exit, from: top, insistent: reason == .exit) { [self] in isFinished = true }
        } else {
            leaveGuard.request(reason, from: top) { [self] in leaveTopPage() }
        }
    }

    /// Leaves the top page (Esc) without asking: unloads it, or finishes the app when it is the root.
    private func leaveTopPage() {
        if appError != nil || (stack.count <= 1 && navigation == nil) {
            isFinished = true
            return
        }
        // A page being opened replaces what the user sees in a moment; leaving now would pop the wrong page.
        guard navigation == nil else { return }
        popPages(1)
    }

    /// Unloads a page that is leaving the stack: its commands are cancelled, its hook runs, its modal closes.
    private func retire(_ entry: PageEntry) {
        onRetire(entry.pageId)
        runtime.callLifecycle(pageId: entry.pageId, .unload)
        overlays.dismissDialogs(ownedBy: entry.pageId)
    }

    /// navigateBack and Esc: unloads the top `count` pages, top first, then shows the revealed page.
    private func popPages(_ count: Int, result: JSONValue? = nil) {
        guard count > 0, stack.count > count else { return }
        for _ in 0..<count { retire(stack.removeLast()) }
        if let revealed = stack.last {
            runtime.callLifecycle(pageId: revealed.pageId, .show, argument: result.map { .object(["result": $0]) })
        }
        publishStack()
        scheduler.markDirty()
    }

    /// The script created a page: it joins the stack as its navigation says, and the navigation is answered.
    func pageCreated(pageId: Int, name: String, data: JSONValue, bindable: Set<String> = []) {
        guard let template = bundle.pages[name] else { return }
        let data = ScreenData.adding(to: data, width: screen.width, height: screen.height)
        let view = PageView(template: template, data: data, components: bundle.components, componentData: componentData)
        view.theme = theme
        view.placesInitialFocus = true
        let entry = PageEntry(pageId: pageId, name: name, view: view, title: template.title)
        entry.bindable = bindable
        if let pending = navigation, pending.pageId == pageId {
            navigation = nil
            entry.modal = pending.modal
            switch pending.kind {
            case .launch, .push: break
            case .redirect(let old), .switchTab(leaving: let old): stack.removeAll { $0.pageId == old }
            case .relaunch(let old): stack.removeAll { old.contains($0.pageId) }
            }
            pending.reply?.succeed()
        }
        stack.append(entry)
        publishStack()
        // A page appearing answers the launch or the navigation that asked for it: drawn at once, not a frame's
        // budget after the blank frame that cleared the screen (a cold start's first frame waited 16.7 ms for it).
        scheduler.markDirty(answeringInput: true)
    }

    /// A script error: it fails the navigation it belongs to, or is shown instead of its page, or of the app.
    func scriptFailed(_ error: ScriptError) {
        if navigationFailed(error) { return }
        if let pageId = error.pageId, let entry = stack.first(where: { $0.pageId == pageId }) {
            if entry.error == nil { entry.error = error }
        } else if let top = stack.last, error.kind != .syntax {
            if top.error == nil { top.error = error }
        } else if appError == nil {
            appError = error
        }
        scheduler.markDirty()
    }

    /// A script error for the page being created (e.g. main.js never registered it): the navigation fails, and
    /// the stack goes back to what the user had, minus pages that were already unloaded. Returns whether the error
    /// belonged to a pending navigation.
    private func navigationFailed(_ error: ScriptError) -> Bool {
        guard let pending = navigation, error.pageId == pending.pageId,
              !stack.contains(where: { $0.pageId == pending.pageId })
        else { return false }
        navigation = nil
        switch pending.kind {
        case .launch, .push: break
        case .redirect(let old): stack.removeAll { $0.pageId == old }
        case .relaunch(let old): stack.removeAll { old.contains($0.pageId) }
        case .switchTab(let old):
            // A parked tab comes back; a root that was unloaded is gone.
            if let parked = parkedTabs.first(where: { $0.value.pageId == old }) {
                parkedTabs[parked.key] = nil
                runtime.setPageParked(pageId: old, false)
            } else {
                stack.removeAll { $0.pageId == old }
            }
        }
        // The page under it was hidden (navigateTo) or revealed (redirectTo): either way it is on screen again.
        if let top = stack.last { runtime.callLifecycle(pageId: top.pageId, .show) } else if appError == nil { appError = error }
        pending.reply?.fail(CommandError(.internal, "page '\(pending.name)' could not be created: \(error.message)"))
        publishStack()
        scheduler.markDirty()
        return true
    }
}

/// The navigation commands as JavaScript sees them (docs/COMMANDS.md#navigation).
extension CommandShape {
    static let pageURL = CommandField("url", "string", "a page name with an optional query (`detail?id=3`) or minigame://<app>/<page>")
    static let navigateTo = CommandShape(
        "Opens a page above the current one (at most 10 on the stack).",
        parameters: [pageURL,
                     .optional("modal", "boolean", "draws the page in a box over the current one, which stays dimmed under it"),
                     .optional("width", "number", "a modal page's width in cells, inside its border"),
                     .optional("height", "number", "a modal page's height in cells; default: as tall as its content")])
    /// Skips the top page's onBeforeLeave.
    static let force = CommandField.optional("force", "boolean", "leave without asking the page's onBeforeLeave")
    /// Whether the page left, or chose to stay.
    static let left = [CommandField("left", "boolean", "false when the page's onBeforeLeave chose to stay")]
    static let redirectTo = CommandShape("Replaces the current page.", parameters: [pageURL, force], result: left)
    static let reLaunch = CommandShape("Closes every page and opens one.", parameters: [pageURL, force], result: left)
    static let switchTab = CommandShape(
        "Shows a tab page of app.json's tabBar, closing the pages above the tabs.",
        parameters: [CommandField("url", "string", "a tab page's name, without a query"), force], result: left)
    static let navigateBack = CommandShape(
        "Closes the top page (or `delta` pages).",
        parameters: [.optional("delta", "number", "whole number >= 1, default 1"),
                     .optional("result", "unknown", "handed to the page below as onShow({ result })"), force],
        result: left)
    static let setNavigationBarTitle = CommandShape(
        "Sets the title bar's text of the calling page.", parameters: [CommandField("title", "string")])
    static let exitMiniApp = CommandShape("Closes the app.")
}
