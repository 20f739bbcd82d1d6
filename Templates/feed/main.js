// Feed: 10,000 stories generated in JS, shown in a virtualized ListView that builds only the visible rows.
const AUTHORS = ['ada', 'linus', 'grace', 'ken', 'barbara', 'dennis', 'margaret', 'guido']
const TOPICS = ['Keyed diffing', 'Terminal layout', 'Frame timing', 'JavaScriptCore', 'Cell buffers', 'Hot reload',
  'Virtual lists', 'Wide characters', 'Command routers', 'Ed25519 bundles']

function makeStories(count, seed) {
  const items = new Array(count)
  for (let i = 0; i < count; i++) {
    const n = (i * 7919 + seed * 104729) % 100003
    items[i] = {
      id: `s${seed}-${i}`,
      title: `#${i + 1} ${TOPICS[n % TOPICS.length]} in practice`,
      author: AUTHORS[n % AUTHORS.length],
      points: n % 500,
      comments: n % 97,
    }
  }
  return items
}

let generation = 1

Page('index', {
  data: { loading: false, items: [] },

  onLoad() {
    this.setData({ items: makeStories(10000, generation) })
  },

  refresh() {
    if (this.data.loading) return
    this.setData({ loading: true })
    setTimeout(() => {
      generation += 1
      this.setData({ items: makeStories(10000, generation), loading: false })
    }, 300)
  },
})

Page('detail', {
  data: { story: { title: '', author: '', points: 0, text: '' } },
  back() {},
})
