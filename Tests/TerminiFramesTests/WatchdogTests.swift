import TerminiClock
@testable import TerminiFrames
import Testing

@Suite struct WatchdogTests {
    @Test func reportsAStallOnceWithThePageStackAndRearmsOnTheNextBeat() {
        let clock = ManualClock(nanoseconds: 0)
        let reported = Locked([StallReport]())
        let watchdog = Watchdog(threshold: .seconds(1), clock: clock.clock,
                                    pageStack: { ["todo/index", "todo/detail"] },
                                    onStall: { report in reported.withLock { $0.append(report) } })
        watchdog.beat("ui")
        clock.advance(milliseconds: 1_000)
        #expect(watchdog.check().isEmpty)   // exactly the threshold is not yet a stall
        clock.advance(milliseconds: 100)
        let first = watchdog.check()
        #expect(first == [StallReport(threadName: "ui", stalledNanoseconds: 1_100_000_000,
                                      pageStack: ["todo/index", "todo/detail"])])
        clock.advance(milliseconds: 5_000)
        #expect(watchdog.check().isEmpty)   // the same stall is reported once
        watchdog.beat("ui")
        clock.advance(milliseconds: 2_000)
        #expect(watchdog.check().map(\.threadName) == ["ui"])
        #expect(reported.withLock { $0.count } == 2)
        #expect(first.first?.description == "stall: ui thread unresponsive for 1100 ms; pages: todo/index > todo/detail")
    }

    @Test func aProbedThreadIsReportedOncePerLongPieceOfWork() {
        let clock = ManualClock(nanoseconds: 0)
        let busySince = Locked<UInt64?>(nil)
        let watchdog = Watchdog(threshold: .seconds(1), clock: clock.clock, pageStack: { ["index"] }, onStall: { _ in })
        watchdog.watch("js", busySince: { busySince.withLock { $0 } })
        clock.advance(milliseconds: 5_000)
        #expect(watchdog.check().isEmpty)   // waiting for work is not a stall
        busySince.withLock { $0 = 5_000_000_000 }
        clock.advance(milliseconds: 1_500)
        #expect(watchdog.check() == [StallReport(threadName: "js", stalledNanoseconds: 1_500_000_000, pageStack: ["index"])])
        clock.advance(milliseconds: 1_000)
        #expect(watchdog.check().isEmpty)   // the same piece of work is reported once
        busySince.withLock { $0 = 7_000_000_000 }
        clock.advance(milliseconds: 1_200)
        #expect(watchdog.check().map(\.threadName) == ["js"])
    }

    @Test func anIdleThreadIsNotStalled() {
        let clock = ManualClock(nanoseconds: 0)
        let watchdog = Watchdog(clock: clock.clock, pageStack: { [] }, onStall: { _ in })
        watchdog.beat("js")
        watchdog.idle("js")
        watchdog.beat("ui")
        clock.advance(milliseconds: 60_000)
        #expect(watchdog.check().map(\.threadName) == ["ui"])
        watchdog.forget("ui")
        clock.advance(milliseconds: 60_000)
        #expect(watchdog.check().isEmpty)
    }

    @Test func theWatchdogThreadReportsAStalledThread() async throws {
        let reported = Locked([StallReport]())
        let watchdog = Watchdog(threshold: .milliseconds(30), checkInterval: .milliseconds(5),
                                    pageStack: { ["app/page"] },
                                    onStall: { report in reported.withLock { $0.append(report) } })
        watchdog.start()
        defer { watchdog.stop() }
        watchdog.beat("ui")   // and never again
        // Waits for the event rather than a fixed time, so a loaded machine only makes this slower.
        for _ in 0..<1_000 where reported.withLock({ $0.isEmpty }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let reports = reported.withLock { $0 }
        #expect(reports.count == 1)
        #expect(reports.first?.threadName == "ui")
        #expect(reports.first?.pageStack == ["app/page"])
        #expect((reports.first?.stalledNanoseconds ?? 0) > 30_000_000)
    }
}
