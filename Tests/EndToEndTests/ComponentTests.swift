import Foundation
import Testing

/// Components through the built binaries: per-instance state kept across a keyed reorder, `detached` on removal,
/// events reaching the page, slots rendered in the use site's scope, property changes with observers, the run-time
/// warnings and errors, and every compile error at its file:line:col.
@Suite struct ComponentTests {
    static let counter = """
        import TerminiDSL

        struct Counter: Component {
            let label: Binding<String>
            var step: Binding<Int> = 1
            var onChange: String? = nil
            @WidgetBuilder var body: [any Widget] {
                Row(spacing: 1) {
                    Text("{{label}}={{count}}")
                    Button("+", onTap: "inc")
                }
            }
        }

        struct Card: Component {
            let title: Binding<String>
            @WidgetBuilder let content: [any Widget]
            @WidgetBuilder let footer: [any Widget]
            @WidgetBuilder var body: [any Widget] {
                Column {
                    Text("[{{title}}]")
                    Slot()
                    Slot("footer")
                }
            }
        }

        """

    static let page = """
        import TerminiDSL

        let index = Page("index") {
            Column {
                Text("total {{total}} {{log}}")
                ForEach("{{rows}}", key: "id", item: "row") {
                    Counter(label: "{{row.name}}", step: "{{row.step}}", onChange: "changed")
                }
                Card(title: "{{cardTitle}}") {
                    Text("inside: {{total}}")
                } footer: {
                    Text("footer")
                }
            }
        }

        """

    static let script = """
        Component('Counter', {
          data: { count: 0 },
          observers: { label(v) { getApp().heard.push('label:' + v) } },
          lifetimes: {
            attached() { getApp().heard.push('attached:' + this.data.label) },
            detached() { getApp().heard.push('detached:' + this.data.label); const self = this; setTimeout(() => self.setData({ count: 99 }), 0) },
          },
          methods: {
            inc() {
              if (this.data.label === 'boom') missing.call()
              const count = this.data.count + this.data.step
              this.setData({ count })
              this.triggerEvent('change', { count, label: this.data.label })
            },
          },
        })
        Component('Ghost', { data: {} })
        App({ heard: [] })
        Page('index', {
          data: { total: 0, log: '', cardTitle: 'Card', rows: [{ id: 1, name: 'a', step: 1 }, { id: 2, name: 'b', step: 10 }, { id: 3, name: 'c', step: 100 }] },
          changed(e) { this.setData({ total: this.data.total + e.detail.count }) },
          onKey(e) {
            const rows = this.data.rows
            if (e.detail.key === 'r') this.setData({ rows: [rows[2], rows[0], rows[1]] })
            if (e.detail.key === 'd') this.setData({ rows: rows.slice(1) })
            if (e.detail.key === 'n') this.setData({ rows: rows.map(r => r.id === 2 ? { ...r, name: 'B' } : r), cardTitle: 'Renamed' })
            if (e.detail.key === 'x') this.setData({ rows: rows.concat([{ id: 9, name: 'boom', step: 1 }]) })
            if (e.detail.key === 'l') this.setData({ log: getApp().heard.join(',') })
          },
        })

        """

    func project(page: String = ComponentTests.page, components: String = ComponentTests.counter,
                 script: String = ComponentTests.script) throws -> String
    {
        let dir = BuiltBinaries.temporaryFolder() + "/comps"
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/components", withIntermediateDirectories: true)
        try #"{ "id": "comps", "name": "Comps", "version": "1.0.0", "pages": ["index"], "permissions": [] }"#
            .write(toFile: dir + "/app.json", atomically: true, encoding: .utf8)
        try page.write(toFile: dir + "/pages/index.swift", atomically: true, encoding: .utf8)
        try components.write(toFile: dir + "/components/Widgets.swift", atomically: true, encoding: .utf8)
        try script.write(toFile: dir + "/main.js", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func eventsReachThePageAndSlotsRenderInTheUseSitesScope() async throws {
        let dir = try project()
        // The first row's + has focus when the page opens: press it twice; then the second row's + once.
        let r = try await BuiltBinaries.snapshot(dir, size: "40x12", events: "key Enter\nkey Enter\nsettle\nkey Tab\nkey Enter\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.lines.prefix(8) == ["total 13", "a=2 [ + ]", "b=10 [ + ]", "c=0 [ + ]", "[Card]", "inside: 13", "footer", ""],
                "\(r.stdout)")
    }

    @Test func stateIsKeptAcrossAKeyedReorderAndDetachedRunsOnRemoval() async throws {
        let dir = try project()
        let r = try await BuiltBinaries.snapshot(dir, size: "60x12", events: "key Enter\nsettle\nkey r\nsettle\nkey d\nsettle\nkey l\nsettle\n")
        #expect(r.status == 0, "\(r.stderr)")
        // After the reorder c, a, b, removing the first row removes c; a keeps its count of 1.
        #expect(r.stdout.lines.prefix(3) == ["total 1 attached:a,attached:b,attached:c,detached:c", "a=1 [ + ]", "b=0 [ + ]"], "\(r.stdout)")
        // c's setData from a timer after `detached` is ignored with a warning.
        #expect(r.stderr.contains("setData on component 'Counter' (instance 3) after detached was ignored"), "\(r.stderr)")
    }

    @Test func aPropertyChangeRerendersThatInstanceAndCallsItsObserver() async throws {
        let dir = try project()
        let r = try await BuiltBinaries.snapshot(dir, size: "60x12", events: "key n\nsettle\nkey l\nsettle\n")
        #expect(r.stdout.lines.prefix(6) == ["total 0 attached:a,attached:b,attached:c,label:B", "a=0 [ + ]", "B=0 [ + ]", "c=0 [ + ]", "[Renamed]", "inside: 0"],
                "\(r.stdout)")
    }

    @Test func runTimeWarningsAndErrorsNameTheComponent() async throws {
        let dir = try project()
        // Tab from the first counter (focused when the page opened) past the others to the new row's +.
        let r = try await BuiltBinaries.snapshot(dir, size: "60x12", events: "key x\nsettle\nkey Tab\nkey Tab\nkey Tab\nkey Enter\nsettle\n")
        #expect(r.stderr.contains("Component('Ghost') has no declaration"), "\(r.stderr)")
        #expect(r.stderr.contains("ReferenceError") && r.stderr.contains("Counter.inc (used at \(dir)/pages/index.swift:7:13)"),
                "\(r.stderr)")
    }

    func compileErrors(page: String = ComponentTests.page, components: String = ComponentTests.counter) async throws -> String {
        let dir = try project(page: page, components: components)
        let r = try await BuiltBinaries.run("tplgen", ["compile", dir + "/pages", dir + "/components", "--out", dir + "/out"])
        #expect(r.status != 0)
        return r.stderr + r.stdout
    }

    @Test func compileErrorsNameTheirLocation() async throws {
        let unknown = try await compileErrors(page: Self.page.replacingOccurrences(of: "Counter(label:", with: "Countr(label:"))
        #expect(unknown.contains("pages/index.swift:7:13: error: unknown widget 'Countr'; did you mean 'Counter'?"), "\(unknown)")
        let property = try await compileErrors(page: Self.page.replacingOccurrences(of: "step: \"{{row.step}}\"", with: "stepp: \"{{row.step}}\""))
        #expect(property.contains("pages/index.swift:7:44: error: Counter has no argument 'stepp:'; did you mean 'step:'?"), "\(property)")
        let missing = try await compileErrors(page: Self.page.replacingOccurrences(of: "Counter(label: \"{{row.name}}\", ", with: "Counter("))
        #expect(missing.contains("pages/index.swift:7:13: error: missing argument 'label:' (Binding<String>) for Counter"), "\(missing)")
        let recursive = try await compileErrors(components: Self.counter.replacingOccurrences(of: "Slot(\"footer\")", with: "Slot(\"footer\")\n                Card(title: \"again\") { Text(\"x\") } footer: { Text(\"y\") }"))
        #expect(recursive.contains("error: component 'Card' uses itself: Card → Card"), "\(recursive)")
        let unplaced = try await compileErrors(components: Self.counter.replacingOccurrences(of: "Slot(\"footer\")", with: ""))
        #expect(unplaced.contains("components/Widgets.swift:18:24: error: slot 'footer' of 'Card' is never placed: add Slot(\"footer\") to its body"), "\(unplaced)")
        let stray = try await compileErrors(page: Self.page.replacingOccurrences(of: "Text(\"footer\")", with: "Slot()"))
        #expect(stray.contains("error: Slot() is only valid in a component's body"), "\(stray)")
    }
}
