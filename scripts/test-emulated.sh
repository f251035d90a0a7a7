#!/usr/bin/env bash
# Runs inside `firebase emulators:exec`. The browser suite goes first because it also checks the
# imported demo data; the integration and rules suites clear Firestore between their tests.
# Each suite's output goes to .cache/test-results/<suite>.out (scripts/test.sh prints it).
set -uo pipefail
status=0
for suite in browser integration rules; do
  out=".cache/test-results/$suite.out"
  printf '\n\033[1m▸ %s tests\033[0m\n' "$suite" > "$out"
  npx vitest run --project "$suite" \
    --reporter=default --reporter=json --outputFile.json=".cache/test-results/$suite.json" >> "$out" 2>&1 || status=1
done
exit $status
