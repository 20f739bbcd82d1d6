// TodoRow's logic: each button becomes an event of the row, with the todo's id and position in its detail.
Component({
  methods: {
    toggle(e) { this.triggerEvent('toggle', { id: this.data.todoId, value: e.detail.value }) },
    up() { this.triggerEvent('moveUp', { index: this.data.index }) },
    down() { this.triggerEvent('moveDown', { index: this.data.index }) },
    remove() { this.triggerEvent('remove', { id: this.data.todoId }) },
  },
})
