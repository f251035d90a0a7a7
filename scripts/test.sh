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

step "Unit tests (functions, web)"
npx vitest run --project functions-unit --project web-unit \
  --reporter=default --reporter=json --outputFile.json=.cache/test-results/unit.json || status=1

step "Emulator suites (browser, integration, rules)"
"$FIREBASE_CLI" emulators:exec --only auth,firestore,functions,hosting --project "$FIREBASE_PROJECT" \
  --import emulator-data 'bash scripts/test-emulated.sh' || status=1

node scripts/summarize-tests.mjs .cache/test-results || status=1
exit $status
