#!/usr/bin/env bash
# npm test: every suite. Type-check, build and lint; then the unit suites run beside one
# `firebase emulators:exec` run against the demo project, inside which the browser suite runs beside the
# rules, pipeline and integration suites (see scripts/test-emulated.sh). The summary names each failed test
# and counts the tests per suite.
set -euo pipefail
source "$(dirname "$0")/setup.sh"

ensure_java
ensure_node_modules
ensure_firestore_emulator
ensure_emulator_config
ensure_chromium
ensure_media_tools
ensure_libreoffice

results=.cache/test-results
rm -rf "$results" && mkdir -p "$results"
status=0

# The build first: the emulators start from its output, and its tsc has type-checked the contract and the functions
# (their build configs are their type-checking configs with source maps). Lint and the type-checking of the rest (the
# web app, which Vite builds without types, and the tests) then run beside the emulators' start and the tests; their
# verdicts are read at the end. Type-checking reads the contract's build (not `npm run typecheck`, which would write
# that build again while the emulators load it).
step "Build, then lint (zero warnings) and type-checking beside the tests"
build_all
npm run lint --silent > "$results/lint.log" 2>&1 & lint=$!
tsc=node_modules/.bin/tsc
( $tsc -p web/tsconfig.json --noEmit && $tsc -p tsconfig.test.json ) > "$results/typecheck.log" 2>&1 & typecheck=$!

step "Unit suites, beside the emulator suites (browser; rules, pipeline, integration)"
# The unit suites (and the exports rendered by LibreOffice) need no emulator; they run in the background, outside
# the emulators' environment. Two files at a time (vitest's default on two cores is one): the exports rendered by
# LibreOffice and the recordings probed by ffprobe wait on those programs, and one at a time made the unit suites the
# last to finish.
npx vitest run --project contract-unit --project functions-unit --project web-unit --project web-unit-mocked --project exports-render \
  --maxWorkers=2 --reporter=default --reporter=json --outputFile.json="$results/unit.json" > "$results/unit.out" 2>&1 & unit=$!

# The emulators' own log goes to a file; each suite's output is printed after the run.
emulator_log=$results/emulators.log
# The emulated functions reach local stand-ins of Gemini, Stripe and Miro, with test settings.
source "$ROOT/scripts/test-env.sh"
if ! "$FIREBASE_CLI" emulators:exec --config "$EMULATOR_CONFIG" --only auth,firestore,functions,hosting --project "$FIREBASE_PROJECT" \
  --import emulator-data 'bash scripts/test-emulated.sh' > "$emulator_log" 2>&1; then
  status=1
fi
wait $unit || status=1
wait $lint || { status=1; echo "Lint failed:"; cat "$results/lint.log"; }
wait $typecheck || { status=1; echo "Type-checking failed:"; cat "$results/typecheck.log"; }
for suite in unit browser server lanes alone; do
  [ -f "$results/$suite.out" ] && cat "$results/$suite.out"
done
if [ "$status" != 0 ]; then
  echo "--- last lines of the emulator log ($emulator_log) ---"
  tail -n 40 "$emulator_log"
fi

node scripts/summarize-tests.mjs "$results" unit browser server lanes alone || status=1
exit $status
