// The echo server's URL: Tools/peers/ws_echo_bench.py copies this app and puts its server's port here.
const SOCKET_URL = 'ws://127.0.0.1:8080/echo';

Page('index', {
  data: { state: 'connecting', answer: '-' },
  onLoad() {
    this.sent = 0;
    this.socket = connectSocket({ url: SOCKET_URL });
    this.socket.onOpen(() => this.setData({ state: 'open' }));
    this.socket.onMessage(m => this.setData({ answer: m.data }));
    this.socket.onError(e => this.setData({ state: 'error ' + e.errMsg }));
  },
  onKey() {
    this.sent += 1;
    this.socket.send({ data: String(this.sent) });
  },
});
