#!/usr/bin/env bash
# Runs the named vitest projects inside `firebase emulators:exec`, in order. The browser suite goes
# first where it runs, because it also checks the imported demo data; the other suites clear
# Firestore between their tests. Each suite's output goes to .cache/test-results/<suite>.out
# (scripts/test.sh prints it).
set -uo pipefail
status=0
for suite in "$@"; do
  out=".cache/test-results/$suite.out"
  printf '\n\033[1m▸ %s tests\033[0m\n' "$suite" > "$out"
  npx vitest run --project "$suite" \
    --reporter=default --reporter=json --outputFile.json=".cache/test-results/$suite.json" >> "$out" 2>&1 || status=1
done
exit $status
