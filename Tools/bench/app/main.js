// The keyed-list benchmark (docs/BENCH-PROTOCOL.md): keys 1-9 run the nine js-framework-benchmark operations on
// rows {id, label}; the pages show the id padded to 6 columns (`pad`). Each operation is one setData.
const adjectives = ['pretty', 'large', 'big', 'small', 'tall', 'short', 'long', 'handsome', 'plain', 'quaint',
  'clean', 'elegant', 'easy', 'angry', 'crazy', 'helpful', 'mushy', 'odd', 'unsightly', 'adorable', 'important',
  'inexpensive', 'cheap', 'expensive', 'fancy']
const colours = ['red', 'yellow', 'blue', 'green', 'pink', 'brown', 'purple', 'orange', 'black', 'white']
const nouns = ['table', 'chair', 'house', 'bbq', 'desk', 'car', 'pony', 'cookie', 'sandwich', 'burger', 'pizza',
  'mouse', 'keyboard']

let seed = 42 >>> 0
function mulberry32() {
  seed = (seed + 0x6D2B79F5) >>> 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
function random(n) { return Math.floor(mulberry32() * n) }

let nextId = 1
function buildRows(count) {
  const rows = new Array(count)
  for (let i = 0; i < count; i++) {
    const id = nextId++
    const label = adjectives[random(adjectives.length)] + ' ' + colours[random(colours.length)] + ' ' +
      nouns[random(nouns.length)]
    rows[i] = { id, label }
  }
  return rows
}

const benchPage = {
  data: { rows: [], selected: 0, componentRows: false },

  // `termini bench --rows N` opens the page with ?rows=N; the protocol's size is 1,000.
  onLoad(query) {
    const n = Math.floor(Number(query && query.rows))
    this.count = n > 2 ? n : 1000
  },

  // A click on a row selects it: the `tap` operation, timed from the click to the frame that shows it.
  pick(e) {
    this.setData({ selected: e.currentTarget.dataset.id })
  },

  onKey(e) {
    const op = this.operations[e.detail.key]
    if (op) op.call(this)
  },

  operations: {
    '1'() { this.setData({ rows: buildRows(this.count) }) },
    '2'() { this.setData({ rows: buildRows(this.count) }) },
    '3'() {
      const rows = this.data.rows, patch = {}
      for (let i = 0; i < rows.length; i += 10) patch[`rows[${i}].label`] = rows[i].label + ' !!!'
      this.setData(patch)
    },
    '4'() {
      if (this.data.rows.length > 1) this.setData({ selected: this.data.rows[1].id })
    },
    '5'() {
      const rows = this.data.rows
      const last = this.count - 2
      if (rows.length > last) this.setData({ 'rows[1]': rows[last], [`rows[${last}]`]: rows[1] })
    },
    '6'() {
      const rows = this.data.rows.slice()
      rows.splice(1, 1)
      this.setData({ rows })
    },
    '7'() { this.setData({ rows: buildRows(this.count * 10) }) },
    '8'() { this.setData({ rows: this.data.rows.concat(buildRows(this.count)) }) },
    '9'() { this.setData({ rows: [] }) },
    // A full-screen theme switch (`termini bench --ops theme`): the app's own theme and a dark one, alternately.
    t() {
      this.dark = !this.dark
      bridge.invoke('setTheme', { name: this.dark ? 'bench-dark' : 'bench' })
    },
    // The big-list operations (`termini bench --ops biglist`): list edits whose cost must not grow with the list.
    a() { this.spliceData('rows', this.data.rows.length, 0, ...buildRows(10000)) },
    z() { this.spliceData('rows', this.data.rows.length - 10000, 10000) },
    u() {
      const label = this.data.rows[0].label
      this.setData({ 'rows[0].label': label.endsWith(' !') ? label.slice(0, -2) : label + ' !' })
    },
    r() { this.removed = this.data.rows[0]; this.spliceData('rows', 0, 1) },
    i() { if (this.removed) this.spliceData('rows', 0, 0, this.removed) },
    q() { bridge.invoke('exitMiniApp', {}).catch(() => {}) },
    // The `components` operation's page: rows as BenchRow instances or as plain Text.
    c() { this.setData({ componentRows: true }) },
    p() { this.setData({ componentRows: false }) },
  },
}
Page('index', benchPage)
Page('components', benchPage)
// The keyed operations with marked-up rows (`termini bench --markup`): the same data and keys.
Page('markup', benchPage)

// BenchRow (the `components` operation) with a script, so each row is a full instance: its own object in this
// context, attached and detached as rows come and go.
Component('BenchRow', {
  data: {},
  lifetimes: { attached() {}, detached() {} },
})
