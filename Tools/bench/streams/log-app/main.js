// The stream's URL: Tools/peers/stream_bench.py copies this app and puts its server's port here.
const STREAM_URL = 'http://127.0.0.1:8080/log';

// Appends each chunk's whole lines to the Log; a line cut between two chunks waits for its end.
Page('index', {
  data: { lines: [] },
  onLoad() {
    let rest = '';
    const task = bridge.invoke('request', { url: STREAM_URL, enableChunked: true, timeout: 60000 });
    task.onChunkReceived(r => {
      const parts = (rest + r.data).split('\n');
      rest = parts.pop();
      if (parts.length > 0) this.appendLog('lines', parts);
    });
    task.catch(() => {});
  },
});
