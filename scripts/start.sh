#!/usr/bin/env bash
# Starts Peach: installs what building needs (once), builds the release binary and serves the web app.
# Arguments go to `peach` (default: `peach serve`; e.g. --port 0, --data FILE, --no-browser).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build >&2
# Without debug information, which serving never reads (scripts/bench.sh builds the same way, so
# the two share one build).
build=(swift build -c release --scratch-path .build-release -Xswiftc -gnone -Xcc -g0)
"${build[@]}" --product peach >&2
exec "$("${build[@]}" --show-bin-path)/peach" "$@"
