/// The browser page: xterm.js on the whole window under a one-line bar with the app's title and the connection's
/// state ("connecting", "connected", "disconnected"). Without `?app=` it lists the installed apps as links.
///
/// Keys go to the server as binary WebSocket messages; resizes as `{"type":"resize","cols":C,"rows":R}`. The server
/// sends the app's output as binary messages, `{"type":"title","title":T}` first and `{"type":"exit",…}` last.
enum WebTerminalPage {
    static let html = #"""
        <!doctype html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>Termini</title>
        <link rel="stylesheet" href="xterm.css">
        <style>
          html, body { margin: 0; height: 100%; background: #101010; color: #ddd; font: 14px sans-serif; }
          #bar { height: 26px; line-height: 26px; padding: 0 10px; background: #2a2a2a; display: flex; gap: 1em; }
          #state { margin-left: auto; color: #9c9; }
          body.disconnected #state { color: #f77; font-weight: bold; }
          #terminal { position: absolute; top: 30px; left: 4px; right: 4px; bottom: 4px; }
          #apps a { display: block; color: #8cf; margin: 8px 16px; font-size: 18px; }
        </style>
        </head>
        <body>
        <div id="bar"><span id="title">Termini</span><span id="state">connecting</span></div>
        <div id="apps"></div>
        <div id="terminal"></div>
        <script src="xterm.js"></script>
        <script>
        (function () {
          var params = new URLSearchParams(location.search);
          var token = params.get("token") || "";
          var app = params.get("app");
          var titleView = document.getElementById("title"), stateView = document.getElementById("state");
          function setState(text) { stateView.textContent = text; }
          if (!app) {
            setState("choose an app");
            fetch("apps?token=" + encodeURIComponent(token)).then(function (r) { return r.json(); }).then(function (apps) {
              var list = document.getElementById("apps");
              apps.forEach(function (entry) {
                var link = document.createElement("a");
                link.href = "?token=" + encodeURIComponent(token) + "&app=" + encodeURIComponent(entry.id);
                link.textContent = entry.title + " (" + entry.id + ")";
                list.appendChild(link);
              });
            });
            return;
          }
          var Terminal = requireModule("public/Terminal").Terminal;
          var term = new Terminal({ fontFamily: "monospace", fontSize: 15, cursorBlink: false });
          var box = document.getElementById("terminal");
          term.open(box);
          function fit() {
            var cell = (term._core.renderer && term._core.renderer.dimensions) || {};
            var width = cell.actualCellWidth || 9, height = cell.actualCellHeight || 17;
            return { cols: Math.max(10, Math.floor(box.clientWidth / width)), rows: Math.max(4, Math.floor(box.clientHeight / height)) };
          }
          var size = fit();
          term.resize(size.cols, size.rows);
          var scheme = location.protocol === "https:" ? "wss://" : "ws://";
          var base = location.pathname.replace(/[^\/]*$/, "");
          var socket = new WebSocket(scheme + location.host + base + "session?token=" + encodeURIComponent(token) +
            "&app=" + encodeURIComponent(app) + "&cols=" + size.cols + "&rows=" + size.rows);
          socket.binaryType = "arraybuffer";
          var decoder = new TextDecoder(), encoder = new TextEncoder();
          socket.onopen = function () { setState("connected"); };
          socket.onmessage = function (event) {
            if (typeof event.data !== "string") { term.write(decoder.decode(new Uint8Array(event.data), { stream: true })); return; }
            var message = JSON.parse(event.data);
            if (message.type === "title") { titleView.textContent = message.title; document.title = message.title; }
            if (message.type === "exit" && message.message) { term.write("\r\n" + message.message + "\r\n"); }
          };
          socket.onclose = function () { setState("disconnected"); document.body.classList.add("disconnected"); };
          term.on("data", function (data) { if (socket.readyState === 1) socket.send(encoder.encode(data)); });
          window.addEventListener("resize", function () {
            var next = fit();
            if (next.cols === term.cols && next.rows === term.rows) return;
            term.resize(next.cols, next.rows);
            if (socket.readyState === 1) socket.send(JSON.stringify({ type: "resize", cols: next.cols, rows: next.rows }));
          });
          // What a test (or a curious user in the console) reads: the screen's lines as text.
          window.termini = {
            screen: function () {
              var buffer = term._core.buffer, lines = [];
              for (var y = 0; y < term.rows; y++) lines.push(buffer.translateBufferLineToString(buffer.ydisp + y, true));
              return lines.join("\n");
            },
            state: function () { return stateView.textContent; },
            title: function () { return titleView.textContent; }
          };
          term.focus();
        })();
        </script>
        </body>
        </html>
        """#
}
