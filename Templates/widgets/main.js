// Every widget on one page. The data tab's table is sorted here, in the script, when a header is chosen; the
// tree loads a folder's children when it is opened; the log grows while the page shows.
const CITIES = ['Lisbon', 'Osaka', 'Lima', 'Oslo', 'Tunis', 'Quito']
const people = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, city: CITIES[i % CITIES.length], age: 20 + (i * 7) % 50 }))

const README = `# Termini widgets

A **Markdown** widget renders *this text* with a real parser.

- lists, \`inline code\` and [links](https://example.org)
- block quotes and code blocks

> Press **Ctrl-T** for the other theme.

\`\`\`
Page('index', { data: {} })
\`\`\``

Page('index', {
  data: {
    theme: 'light', tab: 0,
    name: '', pin: '', notify: true, terms: false, size: 'Medium', country: null, note: '',
    countries: ['Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'China', 'Japan', 'Portugal', 'Peru', 'Tunisia'],
    summary: '',
    people, picked: 'Up/Down selects a row; s or a click on a header sorts',
    tree: [
      { label: 'src', expanded: true, children: [{ label: 'main.swift' }, { label: 'lib', children: [] }] },
      { label: 'README.md' },
    ],
    load: [3, 4, 6, 5, 8, 9, 7, 6, 8, 10, 12, 11, 9, 8, 10, 13, 15, 14, 12, 16],
    sales: [12, 19, 7, 15], months: ['Jan', 'Feb', 'Mar', 'Apr'],
    progress: 0.6,
    log: ['started'],
    readme: README,
  },

  onLoad() {
    this.summarize()
    this.ticks = 0
    this.timer = setInterval(() => {
      this.ticks += 1
      this.setData({ log: this.data.log.concat(`tick ${this.ticks}`).slice(-200) })
    }, 1000)
  },

  onUnload() { clearInterval(this.timer) },

  summarize() {
    const d = this.data
    this.setData({ summary: `${d.name || 'nobody'} · ${d.size} · ${d.country || 'no country'} · notifications ${d.notify ? 'on' : 'off'}` })
  },

  toggleTheme() {
    const theme = this.data.theme === 'light' ? 'dark' : 'light'
    bridge.invoke('setTheme', { name: theme }).then(() => this.setData({ theme }))
  },

  onTab(e) { this.setData({ tab: e.detail.value }) },
  onName(e) { this.setData({ name: e.detail.value }); this.summarize() },
  onPin(e) { this.setData({ pin: e.detail.value }) },
  onNotify(e) { this.setData({ notify: e.detail.value }); this.summarize() },
  onTerms(e) { this.setData({ terms: e.detail.value }) },
  onSize(e) { this.setData({ size: e.detail.value }); this.summarize() },
  onCountry(e) { this.setData({ country: e.detail.value }); this.summarize() },
  onNote(e) { this.setData({ note: e.detail.value }) },
  submit() { bridge.invoke('showToast', { title: `Submitted for ${this.data.name || 'nobody'}` }) },
  remove() {
    bridge.invoke('showModal', { title: 'Delete?', content: 'This clears the form.', confirmText: 'Delete' })
      .then(res => { if (res.confirm) { this.setData({ name: '', pin: '', note: '' }); this.summarize() } })
  },

  onPerson(e) { this.setData({ picked: `${e.detail.row.name}, ${e.detail.row.age}, ${e.detail.row.city}` }) },
  onSort(e) {
    const field = e.detail.field
    const sorted = this.data.people.slice().sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0))
    this.setData({ people: sorted, picked: `sorted by ${field}` })
  },
  onNode(e) { this.setData({ picked: `selected ${e.detail.node.label}` }) },
  onExpand(e) {
    // A folder's children arrive when it opens, as from a server.
    if (e.detail.node.label === 'lib' && e.detail.node.children.length === 0) {
      this.setData({ 'tree[0].children[1].children': [{ label: 'util.swift' }, { label: 'net.swift' }] })
    }
  },
})
