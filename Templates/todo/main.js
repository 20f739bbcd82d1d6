// Todo: add, toggle, reorder and remove items. Rows are keyed by id, so each row keeps its state when the list moves.
let nextId = 3

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

  onDraft(e) {
    this.setData({ draft: e.detail.value })
  },

  addTodo(e) {
    const title = String(e.detail.value ?? this.data.draft).trim()
    if (!title) return
    const todos = this.data.todos.concat([{ id: nextId++, title, done: false }])
    this.setData({ todos, draft: '' })
  },

  toggle(e) {
    const i = this.data.todos.findIndex(t => t.id === e.dataset.id)
    if (i < 0) return
    const done = !this.data.todos[i].done
    const todos = this.data.todos.map((t, j) => (j === i ? { ...t, done } : t))
    this.setData({ [`todos[${i}].done`]: done, doneCount: doneCount(todos) })
  },

  remove(e) {
    const todos = this.data.todos.filter(t => t.id !== e.dataset.id)
    this.setData({ todos, doneCount: doneCount(todos) })
  },

  moveUp(e) { this.move(e.dataset.index, -1) },
  moveDown(e) { this.move(e.dataset.index, 1) },

  move(index, delta) {
    const j = index + delta
    if (j < 0 || j >= this.data.todos.length) return
    const todos = this.data.todos.slice()
    const moved = todos[index]
    todos[index] = todos[j]
    todos[j] = moved
    this.setData({ todos })
  },

  clearDone() {
    const todos = this.data.todos.filter(t => !t.done)
    this.setData({ todos, doneCount: 0 })
  },
})
