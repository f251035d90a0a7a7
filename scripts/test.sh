#!/usr/bin/env bash
# npm test: every suite. Unit suites first, then rules, functions integration and browser tests
# inside one `firebase emulators:exec` run against the demo project.
set -euo pipefail
source "$(dirname "$0")/setup.sh"

ensure_java
ensure_node_modules
ensure_firestore_emulator
ensure_chromium

step "Type-checking"
npm run typecheck --silent

build_all

rm -rf .cache/test-results && mkdir -p .cache/test-results
status=0

step "Lint (zero warnings)"
npm run lint --silent || status=1

step "Unit tests (contract, functions, web)"
npx vitest run --project contract-unit --project functions-unit --project web-unit \
  --reporter=default --reporter=json --outputFile.json=.cache/test-results/unit.json || status=1

step "Firestore suites (rules, pipeline)"
firestore_log=.cache/test-results/firestore-emulator.log
if ! "$FIREBASE_CLI" emulators:exec --only firestore --project "$FIREBASE_PROJECT" \
  'bash scripts/test-emulated.sh rules pipeline' > "$firestore_log" 2>&1; then
  status=1
  tail -n 40 "$firestore_log"
fi
for suite in rules pipeline; do
  [ -f ".cache/test-results/$suite.out" ] && cat ".cache/test-results/$suite.out"
done

step "Emulator suites (browser, integration)"
# The emulators' own log goes to a file; each suite's output is printed after the run.
emulator_log=.cache/test-results/emulators.log
# The functions reach a local Gemini stand-in (started by the integration tests), never Google.
export GEMINI_API_KEY=test-api-key GEMINI_STAND_IN_PORT=9311
export GEMINI_BASE_URL="http://127.0.0.1:$GEMINI_STAND_IN_PORT"
# A synthesis call that hangs falls back after 3 s here (60 s by default), so the timeout test stays short.
export GEMINI_SYNTHESIS_TIMEOUT_SECONDS=3
# Stripe likewise: the real SDK against a local stand-in of its API (not real keys).
export STRIPE_SECRET_KEY=sk_test_standin STRIPE_WEBHOOK_SECRET=whsec_test STRIPE_STAND_IN_PORT=9312
export STRIPE_API_BASE="http://127.0.0.1:$STRIPE_STAND_IN_PORT"
# Miro likewise (the whiteboard push), with a stand-in of its REST API.
export MIRO_STAND_IN_PORT=9314 MIRO_API_BASE="http://127.0.0.1:9314"
if ! "$FIREBASE_CLI" emulators:exec --only auth,firestore,functions,hosting --project "$FIREBASE_PROJECT" \
  --import emulator-data 'bash scripts/test-emulated.sh browser integration' > "$emulator_log" 2>&1; then
  status=1
fi
for suite in browser integration; do
  [ -f ".cache/test-results/$suite.out" ] && cat ".cache/test-results/$suite.out"
done
if [ "$status" != 0 ]; then
  echo "--- last lines of the emulator log ($emulator_log) ---"
  tail -n 40 "$emulator_log"
fi

node scripts/summarize-tests.mjs .cache/test-results || status=1
exit $status
