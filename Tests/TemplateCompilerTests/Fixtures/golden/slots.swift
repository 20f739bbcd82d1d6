import TerminiDSL

// Rules: trailing builder -> children; labeled trailing closure keeps its label (`else`); an empty else is omitted.
let slots = Page("slots") {
    Column {
        If("{{loggedIn}}") {
            Text("Welcome")
        } else: {
            Text("Please log in")
            Button("Log in", onTap: "login")
        }
        If("{{busy}}") { Spinner() }
        If("{{a}}") { Text("a") } else: {}
    }
}
