import CNcurses
import TerminiUI

/// Turns what ncurses' `get_wch` and `getmouse` return into `Key` and `MouseEvent`; pure, so tests need no terminal.
public enum KeyDecoder {
    /// One `get_wch` result: a function key (`KEY_CODE_YES`) or a character (`OK`).
    public enum RawInput: Hashable, Sendable {
        case functionKey(Int32)
        case character(UInt32)
    }

    /// What a raw input means. Mouse and resize need more state than the code, so the backend finishes them.
    public enum Decoded: Hashable, Sendable {
        case key(Key)
        /// KEY_MOUSE: read the event with `getmouse`, then `decodeMouse`.
        case mouse
        /// KEY_RESIZE: the terminal changed size.
        case resize
        /// A key Termini does not use (F-keys, keypad extras...).
        case ignored
    }

    public static func decode(_ raw: RawInput) -> Decoded {
        switch raw {
        case .functionKey(let code): decodeFunctionKey(code)
        case .character(let value): decodeCharacter(value)
        }
    }

    static func decodeFunctionKey(_ code: Int32) -> Decoded {
        switch code {
        case KEY_UP: .key(.up)
        case KEY_DOWN: .key(.down)
        case KEY_LEFT: .key(.left)
        case KEY_RIGHT: .key(.right)
        case KEY_HOME: .key(.home)
        case KEY_END: .key(.end)
        case KEY_PPAGE: .key(.pageUp)
        case KEY_NPAGE: .key(.pageDown)
        case KEY_BACKSPACE: .key(.backspace)
        case KEY_DC: .key(.delete)
        case KEY_ENTER: .key(.enter)
        case KEY_BTAB: .key(.backTab)
        case KEY_F0 + 1...KEY_F0 + 12: .key(.function(Int(code - KEY_F0)))
        case KEY_MOUSE: .mouse
        case KEY_RESIZE: .resize
        default: .ignored
        }
    }

    static func decodeCharacter(_ value: UInt32) -> Decoded {
        switch value {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 32: return .key(.space)
        case 0: return .key(.control("@"))
        case 1...26: return .key(.control(Character(Unicode.Scalar(UInt8(0x60 + value)))))  // ^A is 1 -> "a"
        case 28...31: return .key(.control(Character(Unicode.Scalar(UInt8(0x40 + value)))))  // ^\ ^] ^^ ^_
        case 128..<160: return .ignored  // C1 controls have no printable form
        default:
            guard let scalar = Unicode.Scalar(value) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// ncurses mouse masks (NCURSES_MOUSE_VERSION 2: five bits per button); the macros are not visible to Swift.
    public enum MouseMask {
        public static let button1Released: UInt32 = 0o1
        public static let button1Pressed: UInt32 = 0o2
        public static let button1Clicked: UInt32 = 0o4
        public static let button4Pressed: UInt32 = 0o2 << 15
        public static let button5Pressed: UInt32 = 0o2 << 20
        /// What the backend asks ncurses to report.
        public static let wanted: UInt32 = button1Released | button1Pressed | button1Clicked | button4Pressed
            | button5Pressed
    }

    /// A `getmouse` event as a `MouseEvent`: left button press/release (a synthesized click counts as a press),
    /// wheel up/down. Other buttons and off-screen coordinates give nil.
    public static func decodeMouse(buttonState: UInt32, x: Int32, y: Int32) -> MouseEvent? {
        guard x >= 0, y >= 0 else { return nil }
        let kind: MouseEvent.Kind
        if buttonState & MouseMask.button4Pressed != 0 {
            kind = .scrollUp
        } else if buttonState & MouseMask.button5Pressed != 0 {
            kind = .scrollDown
        } else if buttonState & (MouseMask.button1Pressed | MouseMask.button1Clicked) != 0 {
            kind = .press
        } else if buttonState & MouseMask.button1Released != 0 {
            kind = .release
        } else {
            return nil
        }
        return MouseEvent(x: Int(x), y: Int(y), kind: kind)
    }
}
