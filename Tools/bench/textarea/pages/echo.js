// `--page echo`: the same area, with every edit echoed back into the page's data, as a form does (onChange ->
// setData of the whole text).
const text = require('../lib/text')
Page({
  data: { note: text.lines({}) },
  onLoad(query) { if (query.lines) this.setData({ note: text.lines(query) }) },
  noteChanged(e) { this.setData({ note: e.detail.value }) },
})
