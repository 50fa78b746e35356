#!/usr/bin/env bash
# Runs a command beside busy loops that keep the cores loaded, as a shared CI machine is: the suite
# must pass like this too (issue 47: five consecutive full runs under load).
# usage: bash scripts/load.sh [-n LOOPS] -- COMMAND [ARGS…]   (default 3 loops; exits with COMMAND's status)
set -uo pipefail
loops=3
if [ "${1:-}" = "-n" ]; then loops=$2; shift 2; fi
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "usage: bash scripts/load.sh [-n LOOPS] -- COMMAND [ARGS…]" >&2; exit 2; }
pids=()
# `sh -c` rather than a bash function: a subshell of this script would share its traps.
for _ in $(seq "$loops"); do sh -c 'while :; do :; done' & pids+=($!); done
trap 'kill "${pids[@]}" 2>/dev/null' EXIT INT TERM
echo "[load] $loops busy loops beside: $*"
"$@"
