// Settings: options persisted with setStorage, an account page reached with navigateTo that hands the new name back
// through navigateBack's result, a toast when saved and a confirm modal before a reset. Two tabs (app.json tabBar);
// the About tab shows what the app heard around its last trip to the background (Ctrl-Z, then fg).
const DEFAULTS = { darkMode: false, notifications: true, autoUpdate: true }
const DEFAULT_ACCOUNT = 'guest'

function load(key, fallback) {
  return bridge.invoke('getStorage', { key }).then(res => res.data, () => fallback)
}

Page('index', {
  data: { options: DEFAULTS, account: DEFAULT_ACCOUNT, status: '' },

  onLoad() {
    load('options', DEFAULTS).then(options => {
      this.setData({ options: { ...DEFAULTS, ...options } })
      this.applyTheme()
    })
    load('account', DEFAULT_ACCOUNT).then(account => this.setData({ account }))
  },

  // The account page hands the name back when it closes (navigateBack's result).
  onShow(options) {
    if (options && options.result && options.result.account) this.setData({ account: options.result.account })
  },

  toggle(e) {
    const name = e.dataset.name
    this.setData({ [`options.${name}`]: e.detail.value, status: 'Unsaved changes' })
    if (name === 'darkMode') this.applyTheme()
  },

  // app.json declares a light and a dark theme; Dark mode picks one for every page at once.
  applyTheme() {
    bridge.invoke('setTheme', { name: this.data.options.darkMode ? 'dark' : 'light' })
      .catch(err => console.warn(err.errMsg))
  },

  openAccount() {
    bridge.invoke('navigateTo', { url: 'account' }).catch(err => console.warn(err.errMsg))
  },

  save() {
    bridge.invoke('setStorage', { key: 'options', data: this.data.options })
      .then(() => {
        this.setData({ status: 'Saved' })
        return bridge.invoke('showToast', { title: 'Settings saved', duration: 1500 })
      })
      .catch(err => this.setData({ status: err.errMsg }))
  },

  reset() {
    bridge.invoke('showModal', { title: 'Reset settings?', content: 'Every option goes back to its default.',
                                 confirmText: 'Reset', cancelText: 'Keep' })
      .then(res => {
        if (!res.confirm) {
          this.setData({ status: 'Reset cancelled' })
          return
        }
        this.setData({ options: DEFAULTS, status: 'Reset to defaults' })
        this.applyTheme()
        return bridge.invoke('removeStorage', { key: 'options' })
          .then(() => bridge.invoke('showToast', { title: 'Settings reset' }))
      })
      .catch(err => this.setData({ status: err.errMsg }))
  },
})

Page('account', {
  data: { name: '' },

  onLoad() {
    load('account', DEFAULT_ACCOUNT).then(name => this.setData({ name }))
  },

  onName(e) {
    this.setData({ name: e.detail.value })
  },

  done() {
    const name = this.data.name.trim() || DEFAULT_ACCOUNT
    // Stored for the next launch; the page below hears the name at once, as navigateBack's result.
    bridge.invoke('setStorage', { key: 'account', data: name })
      .then(() => bridge.invoke('navigateBack', { result: { account: name } }))
      .catch(err => console.warn(err.errMsg))
  },
})

// The lifecycle hooks heard lately, oldest first: the About tab shows the last four, which after Ctrl-Z and fg on
// that tab read about.onHide → App.onHide → App.onShow → about.onShow.
const heard = []
function hear(hook) {
  heard.push(hook)
  if (heard.length > 4) heard.shift()
}

App({
  onHide() { hear('App.onHide') },
  onShow(options) {
    if (options && options.reason === 'resume') hear('App.onShow')
  },
})

Page('about', {
  data: { version: '', shows: 0, heard: '' },

  onLoad() {
    bridge.invoke('getSystemInfo').then(info => this.setData({ version: info.appVersion }))
  },

  onShow() {
    hear('about.onShow')
    this.setData({ shows: this.data.shows + 1, heard: heard.join(' → ') })
  },

  onHide() { hear('about.onHide') },
})
