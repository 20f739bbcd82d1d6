// The text is the page's initial data, so the first frame shows it. The area reports no edits (no onChange), as
// the Textual peer's app handles no TextArea.Changed: a key is the engine's work alone.
const text = require('../lib/text')
Page({
  data: { note: text.lines({}) },
  onLoad(query) { if (query.lines) this.setData({ note: text.lines(query) }) },
})
