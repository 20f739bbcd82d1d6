// STUB: minimal page logic until the JavaScript runtime lands (TerminiScript). Only initial data; no timers yet.
Page('index', {
  data: { time: '12:00:00', date: '2026-11-21', seconds: 0, running: true, uptime: '0s', ticks: 0, zone: 'UTC' },
})
