import TerminiTemplate

/// The themes every app can name without declaring them (`setTheme({name: 'dark'})`), and extend in app.json
/// (`"themes": {"night": {"extends": "dark", "danger": {...}}}`). `high-contrast` keeps every text style at WCAG AA
/// contrast (4.5:1) or better, which `BuiltinThemeContrastTests` computes.
public enum BuiltinThemes {
    public static let names = ["light", "dark", "high-contrast"]

    public static func theme(named name: String) -> Theme? { all.first { $0.name == name } }

    /// Parsed once, with the same reader as app.json's themes; a mistake here fails every theme test at once.
    public static let all: [Theme] = names.map { name in
        do { return try ThemeSet.theme(name, try JSONValue.parse(declarations[name]!), path: "builtin \(name)") } catch {
            fatalError("built-in theme \(name): \(error)")
        }
    }

    private static let declarations: [String: String] = [
        "light": #"""
        {
          "page": {"color": "#1c1c1c", "background": "#ffffff"},
          "focused": {"color": "#ffffff", "background": "#005fd7"},
          "selected": {"color": "#000000", "background": "#cfe0ff"},
          "disabled": {"color": "#9e9e9e"},
          "placeholder": {"color": "#767676"},
          "error": {"color": "#c00000"},
          "titleBar": {"color": "#ffffff", "background": "#005f87", "style": "bold"},
          "footer": {"color": "#303030", "background": "#e4e4e4"},
          "tabBar": {"color": "#303030", "background": "#e4e4e4"},
          "tabBar:selected": {"color": "#000000", "background": "#e4e4e4", "style": ["bold", "underline"]},
          "overlay": {"color": "#1c1c1c", "background": "#f3f3f3"},
          "border": {"color": "#005fd7"},
          "toastInfo": {"color": "#1c1c1c", "style": "bold"},
          "toastSuccess": {"color": "#006400", "style": "bold"},
          "toastWarning": {"color": "#875f00", "style": "bold"},
          "toastError": {"color": "#c00000", "style": "bold"}
        }
        """#,
        "dark": #"""
        {
          "page": {"color": "#d0d0d0", "background": "#1c1c1c"},
          "focused": {"color": "#1c1c1c", "background": "#87afff"},
          "selected": {"color": "#ffffff", "background": "#3a5f8f"},
          "disabled": {"color": "#6c6c6c"},
          "placeholder": {"color": "#8a8a8a"},
          "error": {"color": "#ff6b6b"},
          "titleBar": {"color": "#ffffff", "background": "#3a3a5a", "style": "bold"},
          "footer": {"color": "#bcbcbc", "background": "#303030"},
          "tabBar": {"color": "#bcbcbc", "background": "#303030"},
          "tabBar:selected": {"color": "#ffffff", "background": "#303030", "style": ["bold", "underline"]},
          "overlay": {"color": "#e4e4e4", "background": "#262626"},
          "border": {"color": "#87afff"},
          "toastInfo": {"color": "#e4e4e4", "style": "bold"},
          "toastSuccess": {"color": "#87d787", "style": "bold"},
          "toastWarning": {"color": "#ffd75f", "style": "bold"},
          "toastError": {"color": "#ff6b6b", "style": "bold"}
        }
        """#,
        // Colours only, no `dim`: a terminal's dim halves a colour's brightness, which no contrast figure can promise.
        "high-contrast": #"""
        {
          "page": {"color": "#ffffff", "background": "#000000"},
          "focused": {"color": "#000000", "background": "#ffff00", "style": "bold"},
          "selected": {"color": "#000000", "background": "#00ffff"},
          "disabled": {"color": "#b2b2b2"},
          "placeholder": {"color": "#c0c0c0"},
          "error": {"color": "#ff8080", "style": "bold"},
          "titleBar": {"color": "#000000", "background": "#ffffff", "style": "bold"},
          "footer": {"color": "#000000", "background": "#ffffff"},
          "tabBar": {"color": "#000000", "background": "#ffffff"},
          "tabBar:selected": {"color": "#000000", "background": "#ffff00", "style": ["bold", "underline"]},
          "overlay": {"color": "#ffffff", "background": "#000000"},
          "border": {"color": "#ffffff"},
          "toastInfo": {"color": "#ffffff", "style": "bold"},
          "toastSuccess": {"color": "#00ff00", "style": "bold"},
          "toastWarning": {"color": "#ffff00", "style": "bold"},
          "toastError": {"color": "#ff8080", "style": "bold"}
        }
        """#,
    ]
}
