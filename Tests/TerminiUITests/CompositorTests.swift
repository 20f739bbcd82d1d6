import Testing
import TerminiTemplate
@testable import TerminiUI

/// The compositor paints layers in order, each clipped to its frame, routes pointer events by the layers' input
/// policies, and writes every cell after `invalidate()`.
@Suite struct CompositorTests {
    /// A filled rectangle with a letter, for checking order and clipping.
    final class Patch: CompositorLayer {
        let rect: CellRect, letter: Character, inputPolicy: LayerInputPolicy
        init(_ rect: CellRect, _ letter: Character, _ policy: LayerInputPolicy = .inFrame) {
            self.rect = rect; self.letter = letter; inputPolicy = policy
        }
        func frame(in screen: CellRect) -> CellRect { rect }
        func paint(into buffer: inout CellBuffer, frame: CellRect) {
            // Deliberately paints past its frame: the compositor's clip is the frame, so nothing may show outside.
            buffer.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height, with: Cell(character: letter))
        }
    }

    @Test func layersPaintBottomFirstClippedToTheScreen() {
        let compositor = Compositor(width: 6, height: 3)
        compositor.compose([Patch(CellRect(x: 0, y: 0, width: 6, height: 3), "a"),
                            Patch(CellRect(x: 4, y: 1, width: 10, height: 10), "b")])
        #expect(compositor.back.renderText() == "aaaaaa\naaaabb\naaaabb")
    }

    @Test func pointerEventsGoToTheTopmostLayerThatTakesThem() {
        let compositor = Compositor(width: 10, height: 5)
        let page = Patch(CellRect(x: 0, y: 1, width: 10, height: 4), "p")
        let toast = Patch(CellRect(x: 2, y: 3, width: 5, height: 1), "t", .passThrough)
        compositor.compose([page, toast])
        let hit = compositor.layer(atX: 3, y: 3)
        #expect(hit?.layer === page && hit?.x == 3 && hit?.y == 2)  // through the toast, in the page's coordinates
        #expect(compositor.layer(atX: 3, y: 0) == nil)  // above the page (a title bar row with no layer)
        let closed = Patch(CellRect(x: 0, y: 0, width: 0, height: 0), "c", .exclusive)
        compositor.compose([page, closed])
        #expect(compositor.layer(atX: 3, y: 3)?.layer === page)  // an exclusive layer with nothing to show takes nothing
        let modal = Patch(CellRect(x: 4, y: 2, width: 3, height: 2), "m", .exclusive)
        compositor.compose([page, toast, modal])
        #expect(compositor.layer(atX: 0, y: 4)?.layer === modal)  // nothing below a modal is reachable
    }

    @Test func invalidateMakesTheNextFrameWriteEveryCell() {
        let compositor = Compositor(width: 3, height: 1)
        compositor.compose([Patch(CellRect(x: 0, y: 0, width: 3, height: 1), "x")])
        #expect(compositor.diffBasis == compositor.front)
        compositor.didPresent()
        compositor.compose([Patch(CellRect(x: 0, y: 0, width: 3, height: 1), "x")])
        #expect(compositor.back == compositor.diffBasis)  // unchanged: nothing to write
        compositor.invalidate()
        #expect(compositor.diffBasis.renderText() != compositor.back.renderText())
        compositor.didPresent()
        #expect(compositor.diffBasis == compositor.front)
    }

    @Test func aPageLayerPaintsBelowItsInsetAndHitTestsInPageCoordinates() {
        let root = node("Column", [:], [node("Text", ["p1": "hello"]), node("Button", ["p1": "Go", "onTap": "go"])])
        let view = PageView(root: root, data: [:])
        let compositor = Compositor(width: 12, height: 4)
        view.build(size: (12, 3))
        let layer = PageLayer(view: view, box: CellRect(x: 0, y: 1, width: 12, height: 3))
        compositor.compose([layer])
        #expect(compositor.back.renderText() == "\nhello\n[ Go ]\n")
        let hit = compositor.layer(atX: 2, y: 2)
        #expect(hit?.layer === layer && hit?.y == 1)
        let events = view.handle(.mouse(MouseEvent(x: hit!.x, y: hit!.y, kind: .press)))
        #expect(events.map(\.handler) == ["go"])
    }
}
