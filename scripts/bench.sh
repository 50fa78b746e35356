#!/usr/bin/env bash
# Prints Peach's performance figures (a command, not a test): builds the release binary, then runs
# Benchmarks/bench.py against it. Pass section names to run only some (see SECTIONS in bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --scratch-path .build-release --product peach
PEACH_BIN="$(swift build -c release --scratch-path .build-release --show-bin-path)/peach" exec .venv-e2e/bin/python Benchmarks/bench.py "$@"
