import Foundation
import Testing
@testable import TerminiRuntime

/// showModal, showActionSheet, showLoading, showToast and hideToast: what the user sees, which keys and clicks
/// answer, and what JS receives.
@Suite struct OverlayTests {
    /// Press Go, which has focus when the page opens.
    let tapGo = "key Enter\nsettle\n"

    func harness(_ action: String) throws -> EngineHarness {
        let h = try EngineHarness(pages: ["a", "b"], action: action)
        h.start()
        return h
    }

    static let modal = """
    function ACTION() {
      bridge.invoke('showModal', { title: 'Delete?', content: 'This cannot be undone.', confirmText: 'Delete' })
        .then(r => log('modal confirm=' + r.confirm + ' cancel=' + r.cancel + ' ' + r.errMsg),
              e => log('fail ' + e.errCode + ' ' + e.errMsg))
    }
    """

    @Test func modalShowsCentredAndEnterPressesCancelUnlessConfirmIsTheDefault() throws {
        let h = try harness(Self.modal)
        try h.play(tapGo)
        let screen = h.screen
        #expect(screen.contains { $0.contains("Delete?") })
        #expect(screen.contains { $0.contains("This cannot be undone.") })
        let buttons = try #require(screen.first { $0.contains("[ Delete ]") })
        #expect(buttons.contains("[ Cancel ]  [ Delete ]"))
        // The page under the modal is still painted, below its title bar.
        #expect(screen[1].hasPrefix("a: hello"))
        // An Enter meant for the page does not delete: Cancel has the focus.
        try h.play("key Enter\n")
        #expect(h.log.contains("modal confirm=false cancel=true showModal:ok"))
        #expect(!h.screen.contains { $0.contains("Delete?") })

        let confirming = try harness(Self.modal.replacingOccurrences(of: "confirmText: 'Delete' }", with: "confirmText: 'Delete', defaultButton: 'confirm' }"))
        try confirming.play(tapGo + "key Enter\n")
        #expect(confirming.log.contains("modal confirm=true cancel=false showModal:ok"))
    }

    @Test func tabThenEnterConfirmsAndEscCancels() throws {
        let h = try harness(Self.modal)
        try h.play(tapGo + "key Tab\nkey Enter\n")
        #expect(h.log.contains("modal confirm=true cancel=false showModal:ok"))
        // Go still has focus: Enter opens the modal again, and Esc cancels it.
        try h.play("key Enter\nsettle\nkey Esc\n")
        #expect(h.log.filter { $0 == "modal confirm=false cancel=true showModal:ok" }.count == 1)
        // Esc answered the modal; it did not leave the page or the app.
        #expect(!h.engine.isFinished)
    }

    @Test func theModalHasTheKeyboardAndClicksHitItsButtons() throws {
        let h = try harness(Self.modal)
        try h.play(tapGo)
        // Keys meant for the page do nothing while the modal is open.
        try h.play("type zz\n")
        #expect(!h.screen.contains { $0.contains("zz") })
        let row = try #require(h.screen.firstIndex { $0.contains("[ Cancel ]") })
        let column = try #require(h.screen[row].range(of: "[ Cancel ]")).lowerBound.utf16Offset(in: h.screen[row])
        try h.play("click \(column + 2) \(row)\n")
        #expect(h.log.contains("modal confirm=false cancel=true showModal:ok"))
    }

    @Test func aModalWhileAModalIsOpenFails() throws {
        let h = try harness("""
        function ACTION() {
          bridge.invoke('showModal', { title: 'First' }).then(r => log('first confirm=' + r.confirm))
          bridge.invoke('showModal', { title: 'Second' }).then(r => log('second ' + r.confirm), e => log('fail ' + e.errCode + ' ' + e.errMsg))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 10 showModal:fail busy: another modal is open; wait for its answer before showing the next"))
        #expect(h.screen.contains { $0.contains("First") })
        try h.play("key Enter\n")
        #expect(h.log.contains("first confirm=false"))
    }

    @Test func showCancelFalseHasOneButton() throws {
        let h = try harness("""
        function ACTION() {
          bridge.invoke('showModal', { content: 'Saved.', showCancel: false }).then(r => log('confirm=' + r.confirm))
        }
        """)
        try h.play(tapGo)
        #expect(h.screen.contains { $0.contains("[ OK ]") })
        #expect(!h.screen.contains { $0.contains("[ Cancel ]") })
        try h.play("key Esc\n")
        #expect(h.log.contains("confirm=true"))
    }

    @Test func badModalParametersFail() throws {
        let h = try harness("""
        async function ACTION() {
          await report(bridge.invoke('showModal', {}))
          await report(bridge.invoke('showModal', { title: 'x', showCancel: 'no' }))
          await report(bridge.invoke('showToast', { title: 'x', duration: -1 }))
          await report(bridge.invoke('showToast', {}))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 3 showModal:fail showModal needs a 'title' or a 'content'"))
        #expect(h.log.contains("fail 3 showModal:fail parameter 'showCancel' must be a boolean, got string"))
        #expect(h.log.contains("fail 3 showToast:fail parameter 'duration' must be between 0 and 600000 milliseconds, got -1.0"))
        #expect(h.log.contains("fail 3 showToast:fail missing required parameter 'title'"))
    }

    static let sheet = """
    function ACTION() {
      bridge.invoke('showActionSheet', { itemList: ['Copy', 'Move', 'Delete'] })
        .then(r => log('picked ' + r.tapIndex + ' ' + r.errMsg), e => log('fail ' + e.errCode + ' ' + e.errMsg))
    }
    """

    @Test func anActionSheetPicksWithKeysAndClicks() throws {
        let h = try harness(Self.sheet)
        try h.play(tapGo)
        let rows = h.screen
        #expect(rows.contains { $0.contains("Copy") } && rows.contains { $0.contains("Delete") } && rows.contains { $0.contains("Cancel") })
        // Keys meant for the page do nothing while it is open; Down moves, Enter picks.
        try h.play("type zz\nkey Down\nkey Down\nkey Enter\n")
        #expect(h.log.contains("picked 2 showActionSheet:ok"))
        #expect(!h.screen.contains { $0.contains("Copy") })
        #expect(!h.screen.contains { $0.contains("zz") })
        // A click on an item picks it.
        try h.play("key Enter\nsettle\n")
        let row = try #require(h.screen.firstIndex { $0.contains("Move") })
        let column = try #require(h.screen[row].range(of: "Move")).lowerBound.utf16Offset(in: h.screen[row])
        try h.play("click \(column) \(row)\n")
        #expect(h.log.contains("picked 1 showActionSheet:ok"))
    }

    @Test func escCancelsAnActionSheet() throws {
        let h = try harness(Self.sheet)
        try h.play(tapGo + "key Esc\n")
        #expect(h.log.contains("fail 8 showActionSheet:fail cancel"))
        #expect(!h.engine.isFinished)
        #expect(!h.screen.contains { $0.contains("Copy") })
    }

    @Test func badActionSheetParametersFail() throws {
        let h = try harness("""
        async function ACTION() {
          await report(bridge.invoke('showActionSheet', {}))
          await report(bridge.invoke('showActionSheet', { itemList: [] }))
          await report(bridge.invoke('showActionSheet', { itemList: ['a', 2] }))
          await report(bridge.invoke('showActionSheet', { itemList: ['1', '2', '3', '4', '5', '6', '7'] }))
          await report(bridge.invoke('showModal', { title: 'x', defaultButton: 'yes' }))
        }
        """)
        try h.play(tapGo)
        #expect(h.log.contains("fail 3 showActionSheet:fail parameter 'itemList' must be an array of strings, as in { itemList: ['Copy', 'Delete'] }"))
        #expect(h.log.contains("fail 3 showActionSheet:fail parameter 'itemList' must hold 1 to 6 items, got 0"))
        #expect(h.log.contains("fail 3 showActionSheet:fail parameter 'itemList[1]' must be a non-empty string, got number"))
        #expect(h.log.contains("fail 3 showActionSheet:fail parameter 'itemList' must hold 1 to 6 items, got 7"))
        #expect(h.log.contains("fail 3 showModal:fail parameter 'defaultButton' must be 'cancel' or 'confirm', got 'yes'"))
    }

    @Test func loadingBlocksThePageUntilHidden() throws {
        let h = try harness("""
        async function ACTION() {
          await report(bridge.invoke('showLoading', { title: 'Syncing' }))
          setTimeout(() => report(bridge.invoke('hideLoading')), 300)
        }
        """)
        try h.play(tapGo)
        #expect(h.screen.contains { $0.contains("Syncing") })
        // The page takes no keys meanwhile: Enter would press Go again.
        try h.play("key Enter\n")
        #expect(h.log.filter { $0 == "ok showLoading:ok" }.count == 1)
        try h.play("wait 500\n")
        #expect(h.log.contains("ok hideLoading:ok"))
        #expect(!h.screen.contains { $0.contains("Syncing") })
        try h.play("key Enter\nsettle\n")
        #expect(h.log.filter { $0 == "ok showLoading:ok" }.count == 2)
    }

    @Test func anEditableModalAnswersWithWhatWasTyped() throws {
        let h = try harness("""
        function ACTION() {
          bridge.invoke('showModal', { title: 'Rename', editable: true, placeholderText: 'New name', content: 'old' })
            .then(r => log('confirm=' + r.confirm + ' content=' + JSON.stringify(r.content)))
        }
        """)
        try h.play(tapGo)
        #expect(h.screen.contains { $0.contains("old") })
        // The field has the keys: Backspace and typing edit it, Enter submits.
        try h.play("key Backspace\nkey Backspace\nkey Backspace\ntype Ada L\nkey Enter\n")
        #expect(h.log.contains(#"confirm=true content="Ada L""#), "\(h.log)")
        // Emptied, it shows the placeholder; Tab to Cancel answers an empty content.
        try h.play("key Enter\nsettle\nkey Backspace\nkey Backspace\nkey Backspace\n")
        #expect(h.screen.contains { $0.contains("New name") })
        try h.play("key Tab\nkey Enter\n")
        #expect(h.log.contains(#"confirm=false content="""#), "\(h.log)")
    }

    @Test func anEditableModalsFieldEditsAsATextFieldDoes() throws {
        let h = try harness("""
        function ACTION() {
          bridge.invoke('showModal', { title: 'Rename', editable: true, content: 'old name' })
            .then(r => log('content=' + JSON.stringify(r.content)))
        }
        """)
        try h.play(tapGo)
        // The shared editor's keys: Ctrl-W kills a word, Alt-b moves one, a paste is one edit with its newline as a
        // space (it confirms nothing), Ctrl-_ undoes it, Enter confirms.
        try h.play("key ctrl+w\ntype new\nkey alt+b\npaste \"x\\ny \"\nkey ctrl+_\npaste \"my \"\n")
        #expect(!h.log.contains { $0.hasPrefix("content=") }, "a paste's newline confirms nothing")
        try h.play("key Enter\n")
        #expect(h.log.contains(#"content="old my new""#), "\(h.log)")
    }

    @Test func thePageUnderADialogShowsNoFocus() throws {
        let h = try harness(Self.modal)
        try h.play("settle\n")
        func goIsHighlighted() throws -> Bool {
            let row = try #require(h.screen.firstIndex { $0.contains("[ Go ]") })
            let column = try #require(h.screen[row].range(of: "[ Go ]")).lowerBound.utf16Offset(in: h.screen[row])
            return h.engine.frames.compositor.front[column + 2, row].style.attributes.contains(.reverse)
        }
        #expect(try goIsHighlighted())
        try h.play("key Enter\nsettle\n")
        #expect(try !goIsHighlighted(), "the focus highlight shows through the dialog")
        try h.play("key Esc\nsettle\n")
        #expect(try goIsHighlighted())
    }

    @Test func toastAppearsWithoutFocusAndHidesItself() throws {
        let h = try harness("function ACTION() { report(bridge.invoke('showToast', { title: 'Saved!', duration: 300 })) }")
        try h.play(tapGo)
        #expect(h.log.contains("ok showToast:ok"))
        #expect(h.screen.contains { $0.contains("Saved!") })
        // The toast takes no keys: Enter still reaches the page's focused button.
        try h.play("key Enter\n")
        #expect(h.log.filter { $0 == "ok showToast:ok" }.count == 2)
        try h.play("wait 600\n")
        #expect(!h.screen.contains { $0.contains("Saved!") })
    }

    @Test func hideToastHidesIt() throws {
        let h = try harness("""
        async function ACTION() {
          await bridge.invoke('showToast', { title: 'Working', duration: 60000 })
          setTimeout(() => report(bridge.invoke('hideToast')), 50)
        }
        """)
        try h.play(tapGo + "wait 200\n")
        #expect(h.log.contains("ok hideToast:ok"))
        #expect(!h.screen.contains { $0.contains("Working") })
    }

    @Test func aModalClosesWhenItsPageUnloads() throws {
        let h = try harness("""
        function ACTION(name) {
          if (name === 'a') { bridge.invoke('navigateTo', { url: 'b' }); return }
          bridge.invoke('showModal', { title: 'Stay?' }).then(r => log('answered'))
          setTimeout(() => bridge.invoke('navigateBack'), 30)
        }
        """)
        try h.play(tapGo)
        try h.play(tapGo + "wait 150\n")
        #expect(h.pageNames == ["a"])
        #expect(!h.screen.contains { $0.contains("Stay?") })
        #expect(!h.log.contains("answered"))
    }
}
