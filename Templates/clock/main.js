// Clock: a dashboard animated by setInterval at about 60 updates per second.
const FRAME_MS = 16
let timer = null

function pad(n) { return String(n).padStart(2, '0') }

Page('index', {
  data: { time: '--:--:--', date: '', seconds: 0, running: true, uptime: '0.0 s', ticks: 0, zone: 'UTC' },

  onLoad() {
    this.startedAt = Date.now()
    this.update()
    this.start()
  },

  onUnload() { this.stop() },

  start() {
    this.stop()
    timer = setInterval(() => this.update(), FRAME_MS)
  },

  stop() {
    if (timer !== null) clearInterval(timer)
    timer = null
  },

  update() {
    const now = new Date()
    this.setData({
      time: `${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`,
      date: now.toISOString().slice(0, 10),
      seconds: now.getUTCSeconds() + now.getUTCMilliseconds() / 1000,
      uptime: `${((Date.now() - this.startedAt) / 1000).toFixed(1)} s`,
      ticks: this.data.ticks + 1,
    })
  },

  toggle() {
    const running = !this.data.running
    this.setData({ running })
    if (running) this.start(); else this.stop()
  },

  reset() {
    this.startedAt = Date.now()
    this.setData({ ticks: 0, uptime: '0.0 s' })
  },
})
