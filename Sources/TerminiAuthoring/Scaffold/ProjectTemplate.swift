/// The starting points `termini new --template` offers: each is a page declaration and its script that run at
/// once and pass `termini check --strict`.
public enum ProjectTemplate: String, CaseIterable, Sendable {
    /// One page with a greeting and a counter button.
    case blank
    /// A keyed, scrolling list with add, remove and a detail page.
    case list
    /// A form: text fields, a checkbox, a switch and a submit that validates and confirms.
    case form

    /// One line for `--help`.
    public var summary: String {
        switch self {
        case .blank: "one page with a greeting and a counter"
        case .list: "a scrolling list with add, remove and a detail page"
        case .form: "a form with fields, a checkbox, a switch and a submit"
        }
    }

    /// Pages in app.json order, each as (name, pages/<name>.swift text).
    var pages: [(name: String, source: String)] {
        switch self {
        case .blank:
            [("index", """
                import TerminiDSL

                let index = Page("index", title: "{{NAME}}", keys: [Key("r", "reset", "Reset")]) {
                    Column(spacing: 1) {
                        Text("Hello from {{NAME}}!", style: .bold)
                        Text("You pressed the button {{count}} times.")
                        Button("Press me", onTap: "press")
                    }
                }

                """)]
        case .list:
            [("index", """
                import TerminiDSL

                let index = Page("index", title: "{{NAME}}", keys: [Key("a", "add", "Add"), Key("d", "removeLast", "Remove last")]) {
                    Column {
                        Text("{{items.length}} items", style: .bold)
                        Expanded {
                            ListView("{{items}}", key: "id", item: "item") {
                                Text("{{item.title}}").onTap("open").data(["id": "{{item.id}}"])
                            }
                        }
                    }
                }

                """),
             ("detail", """
                import TerminiDSL

                let detail = Page("detail", title: "Item") {
                    Column(spacing: 1) {
                        Text("{{title}}", style: .bold)
                        Text("Esc goes back.", style: .dim)
                    }
                }

                """)]
        case .form:
            [("index", """
                import TerminiDSL

                let index = Page("index", title: "{{NAME}}") {
                    Column(spacing: 1) {
                        Text("Sign up", style: .bold)
                        TextField(value: "{{name}}", placeholder: "Name", onChange: "nameChanged").id("name")
                        TextField(value: "{{email}}", placeholder: "Email", onChange: "emailChanged", onSubmit: "submit").id("email")
                        Checkbox(checked: "{{terms}}", label: "I accept the terms", onToggle: "termsToggled")
                        Switch(isOn: "{{news}}", label: "Send me news", onToggle: "newsToggled")
                        Text("{{problem}}", color: .red)
                        Button("Submit", onTap: "submit").id("submit")
                    }
                }

                """)]
        }
    }

    /// The two tests `termini test` runs, each as (name, tests/<name>.test text): one that the app starts
    /// cleanly, one that drives it. `{{NAME}}` is the app's display name, as in the pages.
    var tests: [(name: String, text: String)] {
        switch self {
        case .blank:
            [("start", """
                # The first page opens without a script error (docs/TESTING.md describes this file's lines).
                expect page index
                expect text "Hello from {{NAME}}!"
                expect text "You pressed the button 0 times."
                expect no-error

                """),
             ("press", """
                # Enter presses the focused button; r, the page's key binding, resets the count.
                key Enter
                key Enter
                expect text "You pressed the button 2 times."
                expect data count == 2
                key r
                expect data count == 0
                expect no-error

                """)]
        case .list:
            [("add-remove", """
                # a adds an item at the end of the list and d removes the last one.
                expect text "3 items"
                expect text "First item" at 2
                key a
                expect text "4 items"
                expect text "Item 4" at 5
                expect data items[3].title == "Item 4"
                key d
                key d
                expect data items.length == 2
                expect text "2 items"
                expect no-error

                """),
             ("open-detail", """
                # Enter on the list's current row opens its detail page; Esc comes back.
                key Enter
                expect page detail
                expect text "First item" at 1
                key Esc
                expect page index
                expect no-error

                """)]
        case .form:
            [("validation", """
                # Submitting the empty form names the first problem instead of signing up.
                expect focus name
                key BackTab
                expect focus submit
                key Enter
                expect text "Please enter your name."
                expect data problem == "Please enter your name."
                expect no-error

                """),
             ("sign-up", """
                # A complete form signs up and confirms in a modal.
                type Ada
                key Tab
                type ada@example.com
                key Tab
                key Space
                expect data terms == true
                key Tab
                key Tab
                key Enter
                expect text "Signed up as Ada"
                expect data problem == ""
                expect no-error

                """)]
        }
    }

    /// main.js.
    var script: String {
        switch self {
        case .blank:
            """
            // The app's logic: one Page() per page in app.json (docs/JS-API.md). Types: termini.d.ts.
            App({
              onLaunch() {},
            })

            Page('index', {
              data: { count: 0 },

              press() {
                this.setData({ count: this.data.count + 1 })
              },

              reset() {
                this.setData({ count: 0 })
              },
            })

            """
        case .list:
            """
            // A keyed list: rows keep their state when the list changes; spliceData costs the change, not the list.
            let nextId = 4

            Page('index', {
              data: {
                items: [
                  { id: 1, title: 'First item' },
                  { id: 2, title: 'Second item' },
                  { id: 3, title: 'Third item' },
                ],
              },

              add() {
                const id = nextId++
                this.spliceData('items', this.data.items.length, 0, { id, title: 'Item ' + id })
              },

              removeLast() {
                if (this.data.items.length > 0) this.spliceData('items', this.data.items.length - 1, 1)
              },

              open(e) {
                const item = this.data.items.find(i => i.id === e.dataset.id)
                if (item) bridge.invoke('navigateTo', { url: 'detail?title=' + encodeURIComponent(item.title) })
              },
            })

            Page('detail', {
              data: { title: '' },

              onLoad(query) {
                this.setData({ title: query.title || '' })
              },
            })

            """
        case .form:
            """
            // A form: every field keeps its value in data; submit validates, then confirms with a modal.
            Page('index', {
              data: { name: '', email: '', terms: false, news: true, problem: '' },

              nameChanged(e) { this.setData({ name: e.detail.value }) },
              emailChanged(e) { this.setData({ email: e.detail.value }) },
              termsToggled(e) { this.setData({ terms: e.detail.value }) },
              newsToggled(e) { this.setData({ news: e.detail.value }) },

              submit() {
                const { name, email, terms } = this.data
                let problem = ''
                if (!name.trim()) problem = 'Please enter your name.'
                else if (!/^[^@\\s]+@[^@\\s]+$/.test(email)) problem = 'Please enter an email address.'
                else if (!terms) problem = 'Please accept the terms.'
                this.setData({ problem })
                if (problem) return
                bridge.invoke('showModal', { title: 'Welcome', content: 'Signed up as ' + name, showCancel: false })
                  .catch(err => console.warn(err.errMsg))
              },
            })

            """
        }
    }
}
