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
mkdir -p .cache/test-results
export GEMINI_API_KEY=test-api-key GEMINI_STAND_IN_PORT=9311 GEMINI_BASE_URL=http://127.0.0.1:9311
export GEMINI_SYNTHESIS_TIMEOUT_SECONDS=3
export STRIPE_SECRET_KEY=sk_test_standin STRIPE_WEBHOOK_SECRET=whsec_test STRIPE_STAND_IN_PORT=9312
export STRIPE_API_BASE=http://127.0.0.1:9312
export MIRO_STAND_IN_PORT=9314 MIRO_API_BASE=http://127.0.0.1:9314
args=$(printf ' %q' "$@")
results=".cache/test-results/${BROWSER_RESULTS:-browser}"
start=$(date +%s)
"$FIREBASE_CLI" emulators:exec --only auth,firestore,functions,hosting --project "$FIREBASE_PROJECT" --import emulator-data \
  "npx vitest run --project browser --reporter=default --reporter=json --outputFile.json=$results.json$args" \
  > "$results.out" 2>&1
status=$?
echo "browser suite: exit $status, $(( $(date +%s) - start )) s wall (emulators included); load: $(uptime)"
echo "CPU time of the run (user, system; emulators, vitest, Chromium):"
times
exit $status
