#!/usr/bin/env bash
# Runs every test: Swift Testing for the Swift modules, then the end-to-end suite in headless
# Chromium against the real binary. Installs what the tests need first (scripts/setup.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh || { echo "setup failed"; exit 1; }

swift build --build-tests || { echo "0 passed, 1 failed"; exit 1; }

swift_log=$(mktemp)
swift test --skip-build --disable-xctest 2>&1 | tee "$swift_log"
swift_status=${PIPESTATUS[0]}
swift_passed=$(grep -cE '^✔ Test .* passed' "$swift_log" || true)
swift_failed=$(grep -cE '^✘ Test .* failed' "$swift_log" || true)

e2e_log=$(mktemp)
PEACH_BIN="$(swift build --show-bin-path)/peach" \
  .venv-e2e/bin/python -m pytest -q -p no:cacheprovider Tests/e2e 2>&1 | tee "$e2e_log"
e2e_status=${PIPESTATUS[0]}
e2e_passed=$(grep -oE '[0-9]+ passed' "$e2e_log" | tail -1 | grep -oE '[0-9]+' || echo 0)
e2e_failed=$(grep -oE '[0-9]+ (failed|error)' "$e2e_log" | awk '{s+=$1} END {print s+0}')

passed=$((swift_passed + e2e_passed))
failed=$((swift_failed + e2e_failed))
if [ "$swift_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then
  [ "$failed" -gt 0 ] || failed=1
fi
echo
echo "swift: $swift_passed passed, $swift_failed failed; e2e: $e2e_passed passed, $e2e_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
