import TerminiUI

/// How `termini snapshot --format` prints the final screen (docs/CLI.md#screen-formats).
public enum ScreenFormat: String, CaseIterable, Sendable {
    /// The characters only, one line per row, trailing spaces removed.
    case text
    /// The characters with their colours and attributes as terminal escape sequences, for `cat` in a terminal.
    case ansi
    /// A picture of the screen in the theme's colours, for CI artifacts and documentation.
    case svg
    /// A page that shows the screen as styled text in the theme's colours.
    case html

    /// The screen in this format; `colors` stand for the terminal's default colours in pictures.
    public func render(_ screen: CellBuffer, colors: ScreenColors) -> String {
        switch self {
        case .text: screen.renderText()
        case .ansi: ANSIScreenText.render(screen)
        case .svg: SVGScreenPicture.render(screen, colors: colors)
        case .html: HTMLScreenPicture.render(screen, colors: colors)
        }
    }
}
