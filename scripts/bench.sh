#!/usr/bin/env bash
# Prints Peach's performance figures (a command, not a test): builds the release binary, then runs
# Benchmarks/bench.py against it. Pass section names to run only some (see SECTIONS in bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# The build scripts/start.sh makes: the same flags, so the two share it.
build=(swift build -c release --scratch-path .build-release -Xswiftc -gnone -Xcc -g0)
"${build[@]}" --product peach
PEACH_BIN="$("${build[@]}" --show-bin-path)/peach" exec .venv-e2e/bin/python Benchmarks/bench.py "$@"
