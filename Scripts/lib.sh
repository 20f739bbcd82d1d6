# Shared set-up for Scripts/*: installs missing Debian packages and puts Swift on PATH. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="/opt/swift/usr/bin:$PATH"

# Debian packages the build, the tests and the gallery need (zlib1g-dev: the zip reader's inflate check;
# node-typescript: `tsc` checks the samples against types/termini.d.ts; ncurses-term: the `-direct` terminfo entries,
# xterm-direct and tmux-direct, through which 24-bit colour is drawn; python3-pyte: the latency guard's screen check;
# libcurl4-openssl-dev: the release build links Swift's Foundation statically, whose networking part links -lcurl;
# nginx: the end-to-end tests serve a registry with it, as docs/DISTRIBUTION.md's hosting section configures it;
# openssh-client: the serve tests log in with ssh and ssh-keygen; node-xterm: Debian's xterm.js, which termini serve --http
# serves (bookworm's libjs-xterm, which it depends on, ships only a stub of it); chromium: the browser tests' headless browser).
# strace: ScriptTrapSignalTests counts the signals sent to the JS thread.
TERMINI_APT_PACKAGES=(libjavascriptcoregtk-4.1-dev libncurses-dev ncurses-term libsqlite3-dev zlib1g-dev tmux pkg-config python3 python3-pyte node-typescript libcurl4-openssl-dev nginx openssh-client chromium node-xterm strace)

ensure_packages() {
  local missing=()
  for p in "${TERMINI_APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "==> installing Debian packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ! command -v swift >/dev/null; then
    echo "error: Swift 6.3 was not found at /opt/swift or on PATH; install it first (https://swift.org/install)." >&2
    exit 1
  fi
}
