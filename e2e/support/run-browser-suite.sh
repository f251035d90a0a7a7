#!/usr/bin/env bash
# The browser suite alone, as `npm test` runs it: every emulator with the demo data, the same stand-in settings
# (scripts/test.sh), inside a private network namespace so its ports collide with nothing else on the machine.
# Usage: bash e2e/support/run-browser-suite.sh [vitest arguments, e.g. a file filter]
# Writes .cache/test-results/browser.json (vitest's JSON report: per-file durations) and browser.out
# (another name than "browser" with BROWSER_RESULTS=name).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ "${IN_NETNS:-}" != 1 ]; then
  exec unshare -n env IN_NETNS=1 bash -c 'ip link set lo up && exec bash "$0" "$@"' "$0" "$@"
fi
source "$ROOT/scripts/setup.sh"
ensure_firestore_emulator
ensure_emulator_config
mkdir -p .cache/test-results
source "$ROOT/scripts/test-env.sh"
args=$(printf ' %q' "$@")
results=".cache/test-results/${BROWSER_RESULTS:-browser}"
start=$(date +%s)
"$FIREBASE_CLI" emulators:exec --config "$EMULATOR_CONFIG" --only auth,firestore,functions,hosting --project "$FIREBASE_PROJECT" --import emulator-data \
  "npx vitest run --project browser --reporter=default --reporter=json --outputFile.json=$results.json$args" \
  > "$results.out" 2>&1
status=$?
echo "browser suite: exit $status, $(( $(date +%s) - start )) s wall (emulators included); load: $(uptime)"
echo "CPU time of the run (user, system; emulators, vitest, Chromium):"
times
exit $status
