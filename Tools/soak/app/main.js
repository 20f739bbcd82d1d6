// The soak app (Tools/soak/soak.py). One timer, started by the index page (which never unloads), makes 20 setData
// calls per second on whichever page is shown and a navigation round trip every 2 s: navigateTo('detail') on the
// 20th tick, navigateBack on the 40th. A console line per round trip lets the soak check the app really did all that.
const TICK_MS = 50           // 20 setData per second
const TICKS_PER_TRIP = 40    // a round trip every 2 s: 1 s on each page
const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet']

let ticks = 0                // setData calls, both pages, for the whole run
let trips = 0                // completed navigateTo + navigateBack round trips
let nextRowId = 1

function makeRow() {
  const id = nextRowId++
  return { id, label: words[id % words.length] + ' ' + words[(id >> 3) % words.length], value: 0 }
}

function heartbeat() {
  ticks += 1
  const pages = getCurrentPages()
  const top = pages[pages.length - 1]
  top.tick()
  const phase = ticks % TICKS_PER_TRIP
  if (phase === TICKS_PER_TRIP / 2 && pages.length === 1) {
    bridge.invoke('navigateTo', { url: 'detail?trip=' + (trips + 1) })
      .catch(err => console.warn('navigateTo: ' + err.errMsg))
  } else if (phase === 0 && pages.length === 2) {
    const trip = top.data.trip
    bridge.invoke('navigateBack', {}).then(() => {
      trips = trip
      console.log(`soak trip ${trips} ticks ${ticks}`)
    }).catch(err => console.warn('navigateBack: ' + err.errMsg))
  }
}

Page('index', {
  data: { tick: 0, trips: 0, hot: 0, rows: [] },

  onLoad() {
    const rows = []
    for (let i = 0; i < 30; i++) rows.push(makeRow())
    this.setData({ rows })
    setInterval(heartbeat, TICK_MS)
  },

  tick() {
    const rows = this.data.rows
    const i = ticks % rows.length
    // Once a second, three rows are replaced by new ones (new keys: the reconciler removes and inserts);
    // otherwise one row's value changes and the highlight moves.
    if (ticks % 20 === 0) {
      const replaced = rows.slice()
      for (let k = 0; k < 3; k++) replaced[(ticks / 20 + k * 7) % replaced.length] = makeRow()
      this.setData({ tick: ticks, trips, hot: rows[i].id, rows: replaced })
    } else {
      this.setData({ tick: ticks, trips, hot: rows[i].id, [`rows[${i}].value`]: rows[i].value + 1 })
    }
  },
})

Page('detail', {
  data: { trip: 0, tick: 0, items: [] },

  onLoad(query) {
    const trip = Number(query.trip)
    const items = []
    for (let i = 0; i < 40; i++) items.push({ id: i, text: `trip ${trip} item ${i} ` + words[(trip + i) % words.length] })
    this.setData({ trip, items })
    this.shown = 0
  },

  tick() {
    const i = this.shown++ % this.data.items.length
    this.setData({ tick: ticks, [`items[${i}].text`]: `trip ${this.data.trip} item ${i} ticked at ${ticks}` })
  },
})
