import Testing
import TerminiUI
@testable import TerminiTerminal

@Suite struct KeyDecoderTests {
    /// ncurses key codes are written as their octal values so the test also pins the constants.
    @Test(arguments: [
        (0o403, Key.up), (0o402, .down), (0o404, .left), (0o405, .right), (0o406, .home), (0o550, .end),
        (0o523, .pageUp), (0o522, .pageDown), (0o407, .backspace), (0o512, .delete), (0o527, .enter),
        (0o541, .backTab),
    ] as [(Int32, Key)])
    func functionKeys(code: Int32, key: Key) {
        #expect(KeyDecoder.decode(.functionKey(code)) == .key(key))
    }

    @Test func mouseResizeAndUnusedFunctionKeys() {
        #expect(KeyDecoder.decode(.functionKey(0o631)) == .mouse)
        #expect(KeyDecoder.decode(.functionKey(0o632)) == .resize)
        #expect(KeyDecoder.decode(.functionKey(0o411)) == .key(.function(1)))   // F1 reaches bindings and onKey
        #expect(KeyDecoder.decode(.functionKey(0o424)) == .key(.function(12)))  // F12
        #expect(KeyDecoder.decode(.functionKey(0o425)) == .ignored)   // F13: no terminal key name for it
    }

    @Test(arguments: [
        (9, Key.tab), (10, .enter), (13, .enter), (27, .escape), (127, .backspace), (8, .backspace), (32, .space),
        (1, .control("a")), (3, .control("c")), (26, .control("z")), (0, .control("@")), (29, .control("]")),
        (0x61, .character("a")), (0x5A, .character("Z")), (0x4E16, .character("世")), (0x1F600, .character("😀")),
    ] as [(UInt32, Key)])
    func characters(value: UInt32, key: Key) {
        #expect(KeyDecoder.decode(.character(value)) == .key(key))
    }

    @Test func invalidScalarsAndC1ControlsAreIgnored() {
        #expect(KeyDecoder.decode(.character(0xD800)) == .ignored)
        #expect(KeyDecoder.decode(.character(0x110000)) == .ignored)
        #expect(KeyDecoder.decode(.character(0x85)) == .ignored)
    }

    @Test func mouseButtons() {
        let m = KeyDecoder.MouseMask.self
        #expect(KeyDecoder.decodeMouse(buttonState: m.button1Pressed, x: 4, y: 2) == MouseEvent(x: 4, y: 2, kind: .press))
        #expect(KeyDecoder.decodeMouse(buttonState: m.button1Clicked, x: 0, y: 0)?.kind == .press)
        #expect(KeyDecoder.decodeMouse(buttonState: m.button1Released, x: 1, y: 1)?.kind == .release)
        #expect(KeyDecoder.decodeMouse(buttonState: m.button4Pressed, x: 9, y: 9) == MouseEvent(x: 9, y: 9, kind: .scrollUp))
        #expect(KeyDecoder.decodeMouse(buttonState: m.button5Pressed, x: 9, y: 9)?.kind == .scrollDown)
        #expect(KeyDecoder.decodeMouse(buttonState: 0o2 << 10, x: 1, y: 1) == nil)   // button 3 (right) press
        #expect(KeyDecoder.decodeMouse(buttonState: m.button1Pressed, x: -1, y: 0) == nil)
    }
}
