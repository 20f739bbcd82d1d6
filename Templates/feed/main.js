// Feed: stories from a server, preloaded by the host while this script boots (app.json "preload"), shown in a
// virtualized ListView that builds only the visible rows and asks for the next page when the user nears its end
// (onReachBottom). Without a server it falls back, silently but for an "offline" badge, to generated stories
// served a page at a time. Enter on a story opens it; Esc comes back; Ctrl-R or a wheel-up at the top refreshes.
const STORIES_URL = 'http://127.0.0.1:8787/stories'
const AUTHORS = ['ada', 'linus', 'grace', 'ken', 'barbara', 'dennis', 'margaret', 'guido']
const TOPICS = ['Keyed diffing', 'Terminal layout', 'Frame timing', 'JavaScriptCore', 'Cell buffers', 'Hot reload',
  'Virtual lists', 'Wide characters', 'Command routers', 'Ed25519 bundles']
const BUSY = 10 // errCode: getPreloadedData is still in flight
const PAGE = 50 // stories per page
const GENERATED = 10000 // stories the offline source holds

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

function remember(items, append) {
  if (!append) byId.clear()
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

function fetchStories(page) {
  return bridge.invoke('request', { url: page > 1 ? `${STORIES_URL}?page=${page}` : STORIES_URL, timeout: 3000 })
}

// The offline source: the same generated stories every time, a page at a time.
function generatedPage(page) {
  const all = makeStories(Math.min(GENERATED, page * PAGE), generation)
  return all.slice((page - 1) * PAGE)
}

Page('index', {
  data: { loading: true, loadingMore: false, offline: false, status: 'Loading stories…', items: [] },
  page: 1,
  exhausted: false,

  onLoad() {
    bridge.invoke('getPreloadedData', { key: 'stories' })
      .then(res => ({ res, how: 'preloaded' }),
            err => {
              if (err.errCode !== BUSY) throw err
              return fetchStories(1).then(res => ({ res, how: 'fetched' }))
            })
      .then(({ res, how }) => this.showServed(storiesFrom(res), how))
      .catch(() => this.goOffline())
  },

  showServed(items, how) {
    this.page = 1
    this.exhausted = false
    this.setData({ items: remember(items), loading: false, offline: false,
                   status: `${items.length} stories from the server (${how})` })
  },

  // No network is not an error the reader needs to read: the badge says it, and the list keeps working.
  goOffline() {
    this.page = 1
    this.exhausted = false
    this.setData({ items: remember(generatedPage(1)), loading: false, offline: true, status: '' })
  },

  more() {
    if (this.exhausted || this.data.loadingMore || this.data.loading) return
    const next = this.page + 1
    if (this.data.offline) {
      const items = generatedPage(next)
      if (items.length === 0) { this.exhausted = true; return }
      this.page = next
      this.setData({ items: this.data.items.concat(remember(items, true)) })
      return
    }
    this.setData({ loadingMore: true })
    fetchStories(next)
      .then(res => {
        const items = storiesFrom(res)
        if (items.length === 0) this.exhausted = true
        this.page = next
        this.setData({ items: this.data.items.concat(remember(items, true)), loadingMore: false })
      })
      .catch(() => {
        // The server has no more pages (or went away): what is shown stays, and the list stops asking.
        this.exhausted = true
        this.setData({ loadingMore: false })
      })
  },

  refresh() {
    if (this.data.loading) return
    this.setData({ loading: true })
    fetchStories(1)
      .then(res => this.showServed(storiesFrom(res), 'refreshed'))
      .catch(() => {
        generation += 1
        this.goOffline()
      })
  },

  onPullDownRefresh() { this.refresh() },

  // Enter (or a click) on the list's current row: its key is the story's id.
  openRow(e) { this.open({ detail: { id: e.detail.key } }) },
  open(e) {
    bridge.invoke('navigateTo', { url: `detail?id=${encodeURIComponent(e.detail.id)}` })
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
