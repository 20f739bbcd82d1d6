// Todo: add, toggle, reorder and remove items. Rows are keyed by id, so each row keeps its state when the list moves.
// Items persist in the app's storage, so they survive a restart.
let nextId = 3

function save(todos) {
  bridge.invoke('setStorage', { key: 'todos', data: todos }).catch(e => console.warn(e.errMsg))
}

function doneCount(todos) {
  return todos.filter(t => t.done).length
}

Page('index', {
  data: {
    draft: '',
    doneCount: 1,
    todos: [
      { id: 1, title: 'Write the compiler', done: true },
      { id: 2, title: 'Wire up the runtime', done: false },
    ],
  },

  onLoad() {
    bridge.invoke('getStorage', { key: 'todos' }).then(res => {
      const todos = res.data
      nextId = todos.reduce((max, t) => Math.max(max, t.id), 0) + 1
      this.setData({ todos, doneCount: doneCount(todos) })
    }).catch(() => {}) // first launch: nothing stored yet
  },

  onDraft(e) {
    this.setData({ draft: e.detail.value })
  },

  addTodo(e) {
    const title = String(e.detail.value ?? this.data.draft).trim()
    if (!title) return
    const todos = this.data.todos.concat([{ id: nextId++, title, done: false }])
    this.setData({ todos, draft: '' })
    save(todos)
  },

  toggle(e) {
    const i = this.data.todos.findIndex(t => t.id === e.detail.id)
    if (i < 0) return
    const done = !this.data.todos[i].done
    const todos = this.data.todos.map((t, j) => (j === i ? { ...t, done } : t))
    this.setData({ [`todos[${i}].done`]: done, doneCount: doneCount(todos) })
    save(todos)
  },

  remove(e) {
    const todos = this.data.todos.filter(t => t.id !== e.detail.id)
    this.setData({ todos, doneCount: doneCount(todos) })
    save(todos)
  },

  moveUp(e) { this.move(e.detail.index, -1) },
  moveDown(e) { this.move(e.detail.index, 1) },

  move(index, delta) {
    const j = index + delta
    if (j < 0 || j >= this.data.todos.length) return
    const todos = this.data.todos.slice()
    const moved = todos[index]
    todos[index] = todos[j]
    todos[j] = moved
    this.setData({ todos })
    save(todos)
  },

  clearDone() {
    const todos = this.data.todos.filter(t => !t.done)
    this.setData({ todos, doneCount: 0 })
    save(todos)
  },
})
