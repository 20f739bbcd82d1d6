import TerminiDSL

// Every CJK character takes two terminal columns; the rows below line up only if layout measures display width.
let wideRow = Row(spacing: 1) {
    Text("{{item.name}}", wrap: false)
    Spacer()
    Text("{{item.price}}", color: .yellow)
}

// Under 16 rows (a 40×12 terminal) the blank rows go, and the hint shortens to sit beside the total: the whole page
// then fits without scrolling.
let wide = Page("index", title: "你好") {
    Column(spacing: "{{$screen.height < 16 ? 0 : 1}}") {
        Box(border: .rounded, title: "你好，世界 Hello") {
            Text("中文标题与 Latin text 混排：每个汉字占两列。")
        }
        Box(border: .single, title: "菜单 Menu", width: 32) {
            ForEach("{{items}}", key: "id") { wideRow }
        }
        Row(spacing: 2) {
            Text("合计 Total", style: .bold)
            Text("{{total}}", color: .green)
            If("{{$screen.height < 16}}") { Text("Esc 返回", style: .dim) }
        }
        If("{{$screen.height >= 16}}") { Text("Esc 返回 · Esc to go back", style: .dim) }
    }
}
