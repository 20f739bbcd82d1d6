/// A key press, decoded by the terminal backend.
public enum Key: Hashable, Sendable {
    case enter, tab, backTab, up, down, left, right, escape, backspace, delete, pageUp, pageDown, home, end, space
    case character(Character)
    case control(Character)
    /// F1…F12.
    case function(Int)
}

/// A mouse action at a cell (0-based column x, row y).
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable { case press, release, scrollUp, scrollDown }
    public var x: Int
    public var y: Int
    public var kind: Kind
    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// Input delivered to the UI thread.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The user suspends the app (Ctrl-Z): the host hides it, and the backend gives the terminal back and stops
    /// the process until it is continued.
    case suspend
    /// The terminal went away (its window closed, the connection dropped): nothing more will arrive, so the host
    /// stops.
    case terminalClosed
    /// The process was continued after something else stopped it (SIGSTOP, then SIGCONT): the backend has taken
    /// the terminal back and cleared it, so the host repaints every cell.
    case resume
}

extension InputEvent {
    var isResize: Bool { if case .resize = self { return true } else { return false } }
}
