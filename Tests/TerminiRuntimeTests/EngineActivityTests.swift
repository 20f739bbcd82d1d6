import Foundation
import Testing
import TerminiBridge
import TerminiTemplate
import TerminiUI
@testable import TerminiRuntime

/// The engine's activity seam (`EngineActivityObserver`): what the flight recorder and the inspector read.
@Suite struct EngineActivityTests {
    /// Everything an observer heard, in order, as short lines.
    final class Listener: EngineActivityObserver, @unchecked Sendable {
        private let lock = NSLock()
        private var heard: [String] = []
        private(set) var lastScreen = ""

        private func note(_ line: String) { lock.lock(); heard.append(line); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return heard }

        func engineStarted(_ start: EngineStartActivity) { note("start \(start.page) \(start.width)x\(start.height) seed \(start.randomSeed)") }
        func inputHandled(_ input: InputEvent, at: UInt64) { note("input \(input)") }
        func pageCreated(pageId: Int, name: String, data: JSONValue) { note("page \(name)") }
        func setDataApplied(_ activity: SetDataActivity) { note("setData \(activity.pageName ?? "-") \(activity.patches.map(\.summary))") }
        func bridgeCallStarted(_ call: BridgeCallActivity) { note("call \(call.command) \(call.params.serialized())") }
        func bridgeCallAnswered(_ answer: BridgeAnswerActivity) { note("answer \(answer.command) \(answer.outcome.ok)") }
        func scriptClockRead(milliseconds: Double) { note("clock") }
        func framePresented(_ frame: FrameActivity) {
            lock.lock(); lastScreen = frame.screen.renderText(); lock.unlock()
            note("frame \(frame.number)")
        }
    }

    @Test func anObserverHearsInputPatchesCallsClockReadsAndFrames() throws {
        let listener = Listener()
        let h = try EngineHarness(pages: ["a"], action: """
            function ACTION() {
              const stamp = Date.now()
              report(bridge.invoke('setStorage', { key: 'k', data: stamp > 0 ? 'yes' : 'no' }))
              this.setData({ message: 'tapped' })
            }
            """, observers: [listener], randomSeed: 7)
        h.start()
        try h.play("key Enter")
        let lines = listener.lines
        #expect(lines.first == "start a 60x12 seed 7")
        #expect(lines.contains("page a"))
        #expect(lines.contains { $0.hasPrefix("input key(") && $0.contains("enter") })
        #expect(lines.contains(#"setData a ["message=\"tapped\""]"#), "\(lines)")
        #expect(lines.contains(#"call setStorage {"data":"yes","key":"k"}"#), "\(lines)")
        #expect(lines.contains("answer setStorage true"), "\(lines)")
        #expect(lines.contains("clock"))
        #expect(lines.contains("frame 1"))
        // The frame the observer saw last is the screen the user sees.
        #expect(listener.lastScreen.contains("a: tapped"), "\(listener.lastScreen)")
        // The tap comes before its patch, and the patch before the frame that shows it.
        let input = try #require(lines.firstIndex { $0.hasPrefix("input") })
        let patch = try #require(lines.firstIndex { $0.hasPrefix("setData a [\"message") })
        let shown = try #require(lines.lastIndex { $0.hasPrefix("frame") })
        #expect(input < patch && patch < shown)
    }

    @Test func aSeedMakesMathRandomRepeat() throws {
        func draws(seed: UInt32) throws -> String {
            let h = try EngineHarness(pages: ["a"], action: """
                function ACTION() { this.setData({ message: [Math.random(), Math.random()].map(n => n.toFixed(6)).join(' ') }) }
                """, randomSeed: seed)
            h.start()
            try h.play("key Enter")
            return try #require(h.screen.first { $0.contains("a: ") })
        }
        let first = try draws(seed: 42)
        #expect(first == (try draws(seed: 42)))
        #expect(first != (try draws(seed: 43)))
        #expect(first.contains("0."), "\(first)")
    }
}
