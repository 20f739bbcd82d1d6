// One control per page, for Tools/peers/floor_table.py: each answer to a key is one setData.
Page('switch', {
  data: { on: false },
  toggled(e) { this.setData({ on: e.detail.value }) },
})
Page('tap', {
  data: { taps: 0 },
  tapped() { this.setData({ taps: this.data.taps + 1 }) },
})
Page('field', {
  data: { draft: '' },
  // As a form keeps its field: every edit is stored in the page's data (and draws nothing more).
  typed(e) { this.setData({ draft: e.detail.value }) },
})
