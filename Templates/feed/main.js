// STUB: minimal page logic until the JavaScript runtime lands (TerminiScript). Only initial data; no handlers yet.
Page('index', {
  data: {
    loading: false,
    items: [
      { id: 'a1', title: 'Termini renders mini-apps in the terminal', author: 'ada', points: 128, comments: 42 },
      { id: 'b2', title: 'Keyed diffing with longest increasing subsequences', author: 'linus', points: 96, comments: 17 },
    ],
  },
})

Page('detail', {
  data: { story: { title: '', author: '', points: 0, text: '' } },
})
