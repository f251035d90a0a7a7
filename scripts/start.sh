#!/usr/bin/env bash
# npm start: install what is missing, build, and serve Verbatim on the local emulators with the
# seeded demo data. Ctrl-C stops everything.
set -euo pipefail
source "$(dirname "$0")/setup.sh"

ensure_java
ensure_node_modules
ensure_firestore_emulator
ensure_emulator_config
build_all

only=auth,firestore,functions,hosting
if storage_emulator_available; then
  only="$only,storage"
else
  echo "Storage emulator skipped: it needs a download this machine cannot make. Uploads go through the API instead."
fi

# The Functions emulator serves each request in a Node process of its own and starts another for a request that
# finds them all busy, up to 50 at once: a burst of requests then starts dozens of processes on a small machine,
# which take longer to load than Hosting waits (60 s). Twelve at a time, started as soon as the emulators are ready
# (scripts/warm-functions.mjs); the rest wait in the emulator's line.
export FUNCTIONS_EMULATOR_PARALLEL="${FUNCTIONS_EMULATOR_PARALLEL:-12}"

exec node scripts/run-emulators.mjs start "$only"
