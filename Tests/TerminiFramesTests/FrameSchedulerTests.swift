import TerminiClock
@testable import TerminiFrames
import TerminiTerminal
import Testing

@Suite struct FrameSchedulerTests {
    static let ms: UInt64 = 1_000_000

    @Test func idleSchedulerNeverTicks() {
        let clock = ManualClock(nanoseconds: 5_000 * Self.ms)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        for _ in 0..<100 {
            #expect(scheduler.millisecondsUntilNextFrame() == nil)
            #expect(!scheduler.isFrameDue())
            #expect(scheduler.beginFrameIfDue() == nil)
            clock.advance(milliseconds: 50)
        }
    }

    @Test func firstChangeAfterIdleRendersAtOnce() {
        let clock = ManualClock(nanoseconds: 1_000 * Self.ms)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        #expect(scheduler.beginFrameIfDue() == nil)
        scheduler.markDirty()
        #expect(scheduler.millisecondsUntilNextFrame() == 0)
        let frame = scheduler.beginFrameIfDue()
        #expect(frame == .init(vsyncStart: 1_000 * Self.ms, buildStart: 1_000 * Self.ms))
        #expect(scheduler.millisecondsUntilNextFrame() == nil)

        // Long after that frame, the next change is again a leading edge.
        clock.advance(milliseconds: 500)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue()?.vsyncStart == 1_500 * Self.ms)
    }

    @Test func aFrameThatChangedNothingDoesNotDelayTheNextChange() {
        let clock = ManualClock(nanoseconds: 1_000 * Self.ms)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue() != nil)      // a key press asked for a repaint...
        scheduler.frameChangedNothing()                     // ...that put nothing on screen
        clock.advance(milliseconds: 2)
        scheduler.markDirty()                               // the handler's setData arrives
        #expect(scheduler.beginFrameIfDue()?.vsyncStart == 1_002 * Self.ms)

        // A frame that did change something keeps the budget: the next change waits for the next tick.
        clock.advance(milliseconds: 2)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue() == nil)
        #expect(scheduler.millisecondsUntilNextFrame() == 15)
    }

    /// The script's answer to a key is drawn as it arrives, even right after the key's own frame; a timer's change
    /// at the same moment waits for the tick, and the hurry does not outlive the frame it was for.
    @Test func anAnswerToInputIsDueAtOnceWhateverThePace() {
        let clock = ManualClock(nanoseconds: 1_000 * Self.ms)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue() != nil)         // the key's own frame (a caret moved)
        clock.advance(milliseconds: 1)
        scheduler.markDirty()                               // a timer's change: paced
        #expect(scheduler.millisecondsUntilNextFrame() == 16)
        scheduler.markDirty(answeringInput: true)           // the handler's setData: now
        #expect(scheduler.millisecondsUntilNextFrame() == 0)
        #expect(scheduler.beginFrameIfDue()?.buildStart == 1_001 * Self.ms)
        clock.advance(milliseconds: 1)
        scheduler.markDirty()                               // the next timer change is paced again
        #expect(scheduler.beginFrameIfDue() == nil)
        #expect(scheduler.millisecondsUntilNextFrame() == 16)
    }

    /// Hurrying a change that is already waiting wakes the loop, which is asleep until the paced tick.
    @Test func hurryingAWaitingChangeWakesTheLoop() {
        let clock = ManualClock(nanoseconds: 0)
        let waker = WakeSignal()
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock, waker: waker)
        scheduler.markDirty()
        _ = scheduler.beginFrameIfDue()
        scheduler.markDirty()
        waker.drain()                                       // the wake of becoming dirty, taken by the loop
        scheduler.markDirty(answeringInput: true)
        #expect(waker.wait(forInputOn: -1, timeoutMilliseconds: 0) == .woken)
    }

    @Test func changesBeforeTheNextTickMergeIntoOneFrame() {
        let clock = ManualClock(nanoseconds: 0)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue() != nil)
        clock.advance(milliseconds: 2)
        scheduler.markDirty()
        clock.advance(milliseconds: 3)
        scheduler.markDirty()
        // Due one budget (16.67 ms) after the previous frame: 11.67 ms from now, rounded up.
        #expect(scheduler.millisecondsUntilNextFrame() == 12)
        #expect(scheduler.beginFrameIfDue() == nil)
        clock.advance(nanoseconds: 16_666_666 - 5 * Self.ms)
        let frame = scheduler.beginFrameIfDue()
        #expect(frame?.vsyncStart == 16_666_666)
        #expect(scheduler.beginFrameIfDue() == nil)
        #expect(scheduler.millisecondsUntilNextFrame() == nil)
    }

    @Test func aContinuousStreamOfChangesRendersAtMostFPSTimesASecond() {
        for fps in [60, 30, 10] {
            let clock = ManualClock(nanoseconds: 0)
            let scheduler = FrameScheduler(framesPerSecond: fps, clock: clock.clock)
            var frames = 0
            for _ in 0..<1_000 {   // a change every millisecond for one second: no trailing debounce holds it back
                scheduler.markDirty()
                if scheduler.beginFrameIfDue() != nil { frames += 1 }
                clock.advance(milliseconds: 1)
            }
            #expect(frames == fps)
        }
    }

    @Test func aLateFrameDoesNotCauseABurstAfterwards() {
        let clock = ManualClock(nanoseconds: 0)
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: clock.clock)
        scheduler.markDirty()
        _ = scheduler.beginFrameIfDue()
        scheduler.markDirty()
        clock.advance(milliseconds: 100)   // the loop was busy well past the next vsync
        #expect(scheduler.beginFrameIfDue()?.buildStart == 100 * Self.ms)
        scheduler.markDirty()
        #expect(scheduler.beginFrameIfDue() == nil)
        #expect(scheduler.millisecondsUntilNextFrame() == 17)
    }

    @Test func markDirtyWakesTheInputWaitOncePerFrame() {
        let waker = WakeSignal()
        let scheduler = FrameScheduler(framesPerSecond: 60, clock: ManualClock().clock, waker: waker)
        #expect(waker.wait(forInputOn: -1, timeoutMilliseconds: 0) == .timedOut)
        scheduler.markDirty()
        scheduler.markDirty()
        #expect(waker.wait(forInputOn: -1, timeoutMilliseconds: 0) == .woken)
        #expect(waker.wait(forInputOn: -1, timeoutMilliseconds: 0) == .timedOut)
    }

    @Test func budgetFollowsFPS() {
        #expect(FrameScheduler(framesPerSecond: 60).budgetNanoseconds == 16_666_666)
        #expect(FrameScheduler(framesPerSecond: 0).framesPerSecond == 1)
    }
}
