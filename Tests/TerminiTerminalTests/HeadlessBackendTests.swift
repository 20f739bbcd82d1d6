import Foundation
import Testing
import TerminiUI
@testable import TerminiTerminal

@Suite struct HeadlessBackendTests {
    @Test func presentsChangedCellsAndRendersText() {
        let backend = HeadlessBackend(width: 20, height: 3)
        let front = CellBuffer(width: 20, height: 3)
        var back = front
        back.write("Hello 世界", x: 1, y: 0, style: .plain)
        back.write("bold", x: 0, y: 2, style: CellStyle(foreground: .index(2), attributes: .bold))
        let stats = backend.present(back, previous: front)
        #expect(backend.screenText() == " Hello 世界\n\nbold")
        // Written cells: "Hello" (5) + 2 wide characters + "bold" (4): the space after "Hello" did not change and
        // continuation halves are not cells.
        #expect(stats.cells == 11)
        // Three cursor moves (ESC[1;2H, ESC[1;8H, ESC[3;1H: 6 each), text bytes 5 + 3 + 3 + 4, one SGR
        // (ESC[0 ;1 ;32 m = 9) and the closing reset (4).
        #expect(stats.bytes == 18 + 15 + 9 + 4)
    }

    @Test func anUnchangedFrameWritesNothing() {
        let backend = HeadlessBackend(width: 10, height: 2)
        var back = CellBuffer(width: 10, height: 2)
        back.write("same", x: 0, y: 0, style: .plain)
        _ = backend.present(back, previous: CellBuffer(width: 10, height: 2))
        #expect(backend.present(back, previous: back) == PresentStats(bytes: 0, cells: 0))
        #expect(backend.framesWritten == 1)
        var changed = back
        changed[3, 0] = Cell(character: "k")
        let stats = backend.present(changed, previous: back)
        #expect(stats.cells == 1)
        #expect(stats.bytes == 7)   // ESC[1;4H + "k"
        #expect(backend.screenText() == "samk\n")
    }

    @Test func inputQueueAndResize() {
        let backend = HeadlessBackend(width: 10, height: 2)
        #expect(backend.nextInput(timeoutMilliseconds: 0) == nil)
        backend.enqueue(.key(.tab))
        backend.enqueue(.mouse(MouseEvent(x: 1, y: 1, kind: .press)))
        #expect(backend.nextInput(timeoutMilliseconds: 0) == .key(.tab))
        #expect(backend.nextInput(timeoutMilliseconds: 0) == .mouse(MouseEvent(x: 1, y: 1, kind: .press)))
        backend.resize(width: 30, height: 5)
        #expect(backend.size == (30, 5))
        #expect(backend.nextInput(timeoutMilliseconds: 0) == .resize(width: 30, height: 5))
    }

    @Test func aWakeEndsABlockingWait() {
        let backend = HeadlessBackend(width: 1, height: 1)
        backend.inputWaker.wake()
        #expect(backend.nextInput(timeoutMilliseconds: -1) == nil)
    }

    @Test func inputFromAnotherThreadEndsTheWait() {
        let backend = HeadlessBackend(width: 1, height: 1)
        let queue = backend.inputQueue
        // A real thread, not a task: the cooperative pool may be busy with other tests on a 2-core machine.
        Thread.detachNewThread { queue.enqueue(.key(.enter)) }
        var received: InputEvent?
        for _ in 0..<600 where received == nil {   // waits for the event; the bound only stops a broken test
            received = backend.nextInput(timeoutMilliseconds: 100)
        }
        #expect(received == .key(.enter))
    }

    @Test func degenerateSizesDoNotCrash() {
        for (w, h, text) in [(-5, 3, "\n\n"), (0, 0, ""), (1, 1, "a")] {
            let backend = HeadlessBackend(width: w, height: h)
            var back = CellBuffer(width: 3, height: 3)
            back.write("abc", x: 0, y: 0, style: .plain)
            _ = backend.present(back, previous: CellBuffer(width: 1, height: 1))
            #expect(backend.screenText() == text)
        }
    }
}
