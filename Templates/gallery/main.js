// The gallery: the host passes the embedded sample list as JSON in the `apps` query and opens the app that the
// `openSample` command names when this page asks.
Page('index', {
  data: { apps: [] },

  onLoad(query) {
    let apps = []
    try { apps = JSON.parse(query.apps || '[]') } catch (e) { console.warn(`bad app list: ${e}`) }
    this.setData({ apps })
  },

  open(e) {
    bridge.invoke('openSample', { id: e.dataset.id }).catch(err => console.warn(err.errMsg))
  },
})
