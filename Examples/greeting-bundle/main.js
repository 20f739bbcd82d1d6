// Asks the host program for its greeting through its custom command `hostGreeting` (see docs/EMBEDDING.md).
Page('index', {
  data: { greeting: 'asking the host...' },

  onLoad() {
    bridge.invoke('hostGreeting', {}).then(
      res => this.setData({ greeting: 'The host says: ' + res.text }),
      err => this.setData({ greeting: 'The host did not answer: ' + err.errMsg }))
  },
})
