// An issue tracker written as a new user would: New is app-wide (App), Search belongs to the list, sorting to the
// list too; nobody exports.
App({
  globalData: { issues: [] },
  newIssue() { bridge.invoke('navigateTo', { url: 'issue?new=1' }).catch(() => {}) },
  exportIssue(e) { console.log('one issue', e) },
})

Page('issues', {
  data: { query: '', issues: [{ id: 1, title: 'Crash on launch' }] },
  typed(e) { this.setData({ query: e.detail.value }) },
  search() { console.log('search') },
  sort() { this.setData({ issues: this.data.issues.slice().reverse() }) },
  open(e) { bridge.invoke('navigateTo', { url: 'issue?id=' + e.dataset.id }).catch(() => {}) },
})

Page('issue', {
  data: { title: '', body: '' },
  onLoad(q) { this.setData({ title: q.new ? 'New issue' : 'Issue #' + q.id }) },
})
