#!/usr/bin/env bash
# Runs every test: Swift Testing for the Swift modules, the end-to-end suite in headless Chromium
# against the real binary, then the Debian package (built by scripts/package.sh, installed into a
# clean Debian root). Installs what the tests need first (scripts/setup.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

# Each phase prints its wall-clock time, so a slow CI run shows where the minutes went.
# With how busy the cores were (from /proc/stat): a phase near 100 % is bound by the CPU, one well
# below it by waiting (on notes, feedback, restarts), which more parallel workers would fill.
phase_times=()
cpu_ticks() { awk '/^cpu /{print $2+$3+$4+$5+$6+$7+$8, $5+$6}' /proc/stat; }
phase() {
  local total idle busy
  read -r total idle < <(cpu_ticks)
  busy=$(( total > phase_total ? 100 - 100 * (idle - phase_idle) / (total - phase_total) : 0 ))
  phase_times+=("$1: $((SECONDS - phase_start)) s (CPU $busy %)")
  echo "[time] $1: $((SECONDS - phase_start)) s, CPU $busy % busy (total $SECONDS s)"
  phase_start=$SECONDS phase_total=$total phase_idle=$idle
}
phase_start=$SECONDS
read -r phase_total phase_idle < <(cpu_ticks)

bash scripts/setup.sh || { echo "setup failed"; exit 1; }
phase setup

# The tree as `swift format` leaves it (the repository's .swift-format); a finding fails the run
# but the suites still run, so one stray line does not hide their results.
format_failed=0
swift format lint --strict --parallel -r Sources Tests Benchmarks Package.swift || format_failed=1
phase "format lint"

# One build serves the three suites: Swift Testing, the e2e suite (its binary) and the Debian package
# (that same binary: the `peach` target links the Swift runtime in). Without debug information, which
# no suite reads: a fresh clone's build took 400 s instead of 520–550 s here. Without the index store
# either, which no suite reads: Tests/XCTMain.swift is the test bundle's own entry point, so SwiftPM
# no longer lists XCTest tests from the index (a fresh build: about 890 CPU-s instead of 1016). The
# same flags reuse this build (CONTRIBUTING.md); other flags make SwiftPM compile everything again.
build_flags=(--disable-index-store -Xswiftc -gnone -Xcc -g0)
swift build --build-tests "${build_flags[@]}" || { echo "0 passed, 1 failed"; exit 1; }
# Asked now: `swift test` below holds the build directory's lock for as long as its tests run.
bin_path=$(swift build --show-bin-path)
phase "debug build"

# The Debian package of that build and the clean Debian root it is installed into are made
# meanwhile, at a lower priority (nothing is compiled again; the man page's tool is small), and the
# package's own tests run as soon as both are there: they wait on dpkg and a chroot more than on the
# CPU (52 % busy alone), which the browser suite leaves a little of, so they no longer add their
# half minute after it.
logs=.build/test-logs
mkdir -p "$logs"
package_log=$(mktemp -p "$logs")
package_tests_log=$(mktemp -p "$logs")
(
  renice -n 10 -p "$BASHPID" >/dev/null
  ( PEACH_PACKAGE_CONFIGURATION=debug PEACH_PACKAGE_SCRATCH=.build PEACH_PACKAGE_FLAGS="${build_flags[*]}" \
      bash scripts/package.sh >"$package_log" 2>"$package_log.err"; echo $? >"$package_log.status" ) &
  ( .venv-e2e/bin/python -c 'import sys; sys.path.insert(0, "Tests/package"); import debroot; debroot.base_root()' \
      >"$package_log.root" 2>&1 ) &
  wait
  PEACH_PACKAGE_LOG="$package_log" .venv-e2e/bin/python -m pytest -q -p no:cacheprovider Tests/package \
    >"$package_tests_log" 2>&1
  echo $? >"$package_tests_log.status"
) &
package_pid=$!

# The runners' logs stay under .build: the end-of-run summary reads them, and a log in /tmp was
# gone by then in a full run (CI run 2 of issue 47's stop printed an empty slowest-tests list).
# The Swift suites run beside the browser suite, which leaves a tenth of the two cores idle while its
# tests wait on notes and feedback: alone they took 95–121 s at 82 % busy, time the run no longer
# spends. Their log is printed when the browser suite is done. The package's own `swift build` waits
# for them: `swift test` holds the build directory's lock.
swift_log=$(mktemp -p "$logs")
(
  started=$SECONDS
  swift test --skip-build --disable-xctest --enable-swift-testing >"$swift_log" 2>&1
  echo $? >"$swift_log.status"
  echo $((SECONDS - started)) >"$swift_log.seconds"
) &
swift_pid=$!

# Counts a pytest log's outcome: sets pytest_passed and pytest_failed.
count_pytest() {
  pytest_passed=$(grep -oE '[0-9]+ passed' "$1" | tail -1 | grep -oE '[0-9]+' || echo 0)
  pytest_failed=$(grep -oE '[0-9]+ (failed|error)' "$1" | awk '{s+=$1} END {print s+0}')
}

# Runs pytest on the given paths; sets pytest_log, pytest_status, pytest_passed and pytest_failed.
run_pytest() {
  pytest_log=$(mktemp -p "$logs")
  .venv-e2e/bin/python -m pytest -q -p no:cacheprovider "$@" 2>&1 | tee "$pytest_log"
  pytest_status=${PIPESTATUS[0]}
  count_pytest "$pytest_log"
}

# Three workers (pytest-xdist) on two cores: most e2e tests wait on wall-clock time (notes, feedback,
# restarts); with two the phase kept the cores 82 % busy for 1131 s (CI run 8 of issue 47).
PEACH_BIN="$bin_path/peach" run_pytest -n 3 --durations=0 --durations-min=3 Tests/e2e
e2e_status=$pytest_status e2e_passed=$pytest_passed e2e_failed=$pytest_failed e2e_log=$pytest_log
phase "e2e (the Swift suites beside it)"

wait "$swift_pid"
cat "$swift_log"
swift_status=$(cat "$swift_log.status" 2>/dev/null || echo 1)
# One line per test ("✔/✘ Test name() passed/failed after …"); the run's own summary line and a
# failing test's "recorded an issue" lines are not tests.
swift_passed=$(grep -E '^✔ Test .* passed after' "$swift_log" | grep -cv '^✔ Test run with' || true)
swift_failed=$(grep -E '^✘ Test .* failed after' "$swift_log" | grep -cv '^✘ Test run with' || true)
# Swift Testing ran no test at all (a runner that found none): a failure, not a pass.
[ "$swift_passed" -gt 0 ] || swift_status=1
phase_times+=("swift test: $(cat "$swift_log.seconds" 2>/dev/null || echo '?') s beside e2e")
echo "[time] swift test: $(cat "$swift_log.seconds" 2>/dev/null || echo '?') s, beside e2e"

wait "$package_pid"
cat "$package_tests_log"
package_status=$(cat "$package_tests_log.status" 2>/dev/null || echo 1)
count_pytest "$package_tests_log"
package_passed=$pytest_passed package_failed=$pytest_failed
phase "the package (its build and tests ran beside the suites)"

passed=$((swift_passed + e2e_passed + package_passed))
failed=$((swift_failed + e2e_failed + package_failed + format_failed))
if [ "$swift_status" -ne 0 ] || [ "$e2e_status" -ne 0 ] || [ "$package_status" -ne 0 ]; then
  [ "$failed" -gt 0 ] || failed=1
fi
echo
echo "[time] phases: $(IFS=,; echo "${phase_times[*]}" | sed 's/,/, /g'); total $SECONDS s"
# The 15 slowest browser tests: where the next minute of the suite is. Swift Testing runs its tests
# side by side, so a Swift test's time is the wall clock it shared with the others; its five longest
# are listed apart.
echo "[time] the 15 slowest e2e tests (pytest's own durations, three workers):"
sed -nE 's/^([0-9.]+)s (call|setup|teardown) +(.*)/\1 \3 (\2)/p' "$e2e_log" | sort -rn | head -15 \
  | awk '{printf "  %8.1f s  %s\n", $1, substr($0, index($0, $2))}'
echo "[time] the 5 longest Swift tests (wall clock, run in parallel):"
grep -v '^✔ Test run with' "$swift_log" | sed -nE 's/^✔ Test (.*) passed after ([0-9.]+) seconds.*/\2 \1/p' \
  | sort -rn | head -5 | awk '{printf "  %8.1f s  %s\n", $1, substr($0, index($0, $2))}'
# Why each browser test failed, at the end where a cut log still shows it: pytest's summary line
# per failure and the first lines of what it asserted.
if [ "$e2e_failed" -gt 0 ]; then
  echo "[fail] the failed e2e tests and what they asserted:"
  grep -E '^(FAILED|ERROR) ' "$e2e_log" | cut -c1-300
  grep -E '^E +' "$e2e_log" | grep -v '^E +(\^|~)+$' | head -40 | cut -c1-400
fi
echo "format lint: $([ "$format_failed" -eq 0 ] && echo clean || echo 'findings above')"
echo "swift: $swift_passed passed, $swift_failed failed; e2e: $e2e_passed passed, $e2e_failed failed;" \
  "package: $package_passed passed, $package_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
