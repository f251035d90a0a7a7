#!/usr/bin/env bash
# Runs inside `firebase emulators:exec` (scripts/test.sh): the browser suite and the server's emulator suites
# side by side, each one vitest run. The browser suite also checks the imported demo data, so nothing here
# clears the demo project: rules and pipeline files each work in a Firestore project of their own
# (test/support/own-firestore-project.ts), integration files on their own users and projects.
# Then, alone, the files that need the emulators to themselves. Output goes to .cache/test-results/{browser,server,lanes,alone}.{out,json};
# scripts/test.sh prints it.
set -uo pipefail
results=.cache/test-results

run() { # <name> <vitest project filters…>
  local name=$1; shift
  printf '\n\033[1m▸ %s tests\033[0m\n' "$name" > "$results/$name.out"
  npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="$results/$name.json" >> "$results/$name.out" 2>&1
}

run browser --project browser & browser=$!
# At most three server files at once, whatever each suite allows on its own: beside two browser files and the unit
# suites, more only makes the two cores thrash (and the Functions emulator start an instance per waiting request).
run server --project rules --project pipeline --project integration --maxWorkers=3 & server=$!
# The API files that drive the one Gemini or Stripe stand-in the functions call, one file at a time per stand-in, from
# the start beside the rest: within the server run, vitest kept them for its end, where they ran one at a time while
# everything else had finished (76 s of a run's last minutes).
run lanes --project integration-gemini --project integration-stripe & lanes=$!
status=0
wait $browser || status=1
wait $server || status=1
wait $lanes || status=1
# Alone, with nothing else calling the API or signing in: what one function instance holds in memory (rate limits),
# and what changes a setting of the whole Auth emulator (email enumeration protection). One file at a time: a page
# that signs in calls the API, and a request arriving while the one instance is busy starts a second one, with a
# count of its own.
run alone --project per-instance --project browser-alone --maxWorkers=1 || status=1
exit $status
