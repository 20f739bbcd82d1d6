// STUB: minimal page logic until the JavaScript runtime lands (TerminiScript). Only initial data; no handlers yet.
Page('index', {
  data: {
    draft: '',
    doneCount: 1,
    todos: [
      { id: 1, title: 'Write the compiler', done: true },
      { id: 2, title: 'Wire up the runtime', done: false },
    ],
  },
})
