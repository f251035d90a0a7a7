#!/usr/bin/env bash
# npm start: install what is missing, build, and serve Verbatim on the local emulators with the
# seeded demo data. Ctrl-C stops everything.
set -euo pipefail
source "$(dirname "$0")/setup.sh"

ensure_java
ensure_node_modules
ensure_firestore_emulator
ensure_emulator_config
ensure_ffmpeg
build_all

only=auth,firestore,functions,hosting
if storage_emulator_available; then
  only="$only,storage"
else
  echo "Storage emulator skipped: it needs a download this machine cannot make. Uploads go through the API instead."
fi

# Everything is installed by now: the Functions emulator's check of firebase-functions' latest version, a blocking call
# at its start of up to 10 s without a network, is answered from npm's cache (as in the tests: scripts/test-env.sh).
export npm_config_offline=true
# The Auth emulator compiles its request validators as requests need them (scripts/auth-emulator-lazy-validators.cjs).
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $ROOT/scripts/auth-emulator-lazy-validators.cjs"
exec node scripts/run-emulators.mjs start "$only"
