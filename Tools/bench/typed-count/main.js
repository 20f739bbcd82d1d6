// Echoes the field and counts its characters: the answer to every key is a setData.
Page('index', {
  data: { draft: '', count: 0 },
  typed(e) { this.setData({ draft: e.detail.value, count: e.detail.value.length }) },
})
