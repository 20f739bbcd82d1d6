// Feed: stories from a server, preloaded by the host while this script boots (app.json "preload"), shown in a
// virtualized ListView that builds only the visible rows. Without a server the page says so and falls back to
// 10,000 generated stories. Enter on a story opens it; Esc comes back.
const STORIES_URL = 'http://127.0.0.1:8787/stories'
const AUTHORS = ['ada', 'linus', 'grace', 'ken', 'barbara', 'dennis', 'margaret', 'guido']
const TOPICS = ['Keyed diffing', 'Terminal layout', 'Frame timing', 'JavaScriptCore', 'Cell buffers', 'Hot reload',
  'Virtual lists', 'Wide characters', 'Command routers', 'Ed25519 bundles']
const BUSY = 10 // errCode: getPreloadedData is still in flight

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

// Stories by id, for the detail page.
const byId = new Map()
let generation = 1

function remember(items) {
  byId.clear()
  for (const item of items) byId.set(item.id, item)
  return items
}

function storiesFrom(res) {
  if (res.statusCode !== 200 || !Array.isArray(res.data)) {
    throw { errMsg: `server answered ${res.statusCode} without a list of stories` }
  }
  return res.data.map((s, i) => ({
    id: String(s.id ?? i), title: String(s.title ?? 'Untitled'), author: String(s.author ?? 'anonymous'),
    points: Number(s.points ?? 0), comments: Number(s.comments ?? 0), text: String(s.text ?? ''),
  }))
}

function fetchStories() {
  return bridge.invoke('request', { url: STORIES_URL, timeout: 3000 })
}

Page('index', {
  data: { loading: true, status: 'Loading stories…', items: [] },

  onLoad() {
    bridge.invoke('getPreloadedData', { key: 'stories' })
      .then(res => ({ res, how: 'preloaded' }),
            err => {
              if (err.errCode !== BUSY) throw err
              return fetchStories().then(res => ({ res, how: 'fetched' }))
            })
      .then(({ res, how }) => {
        const items = remember(storiesFrom(res))
        this.setData({ items, loading: false, status: `${items.length} stories from the server (${how})` })
      })
      .catch(err => this.offline(err))
  },

  offline(err) {
    const items = remember(makeStories(10000, generation))
    this.setData({ items, loading: false, status: `Offline (${err.errMsg}): showing generated stories` })
  },

  refresh() {
    if (this.data.loading) return
    this.setData({ loading: true })
    fetchStories()
      .then(res => {
        const items = remember(storiesFrom(res))
        this.setData({ items, loading: false, status: `${items.length} stories from the server (refreshed)` })
      })
      .catch(err => {
        generation += 1
        this.offline(err)
      })
  },

  open(e) {
    bridge.invoke('navigateTo', { url: `detail?id=${encodeURIComponent(e.dataset.id)}` })
      .catch(err => console.warn(err.errMsg))
  },
})

Page('detail', {
  data: { story: { title: '', author: '', points: 0, text: '' } },

  onLoad(query) {
    const story = byId.get(query.id)
    if (!story) {
      this.setData({ 'story.title': `No story with id ${query.id}` })
      return
    }
    const text = story.text || `${story.comments} comments so far. Press Esc or Backspace to go back.`
    this.setData({ story: { ...story, text } })
  },

  back() {
    bridge.invoke('navigateBack')
  },
})
