#!/usr/bin/env bash
# Starts Peach: installs what building needs (once), builds the release binary and serves the web app.
# Arguments go to `peach` (default: `peach serve`; e.g. --port 0, --data FILE, --no-browser).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build >&2
swift build -c release --scratch-path .build-release --product peach >&2
exec "$(swift build -c release --scratch-path .build-release --show-bin-path)/peach" "$@"
