#!/usr/bin/env bash
# Rebuilds emulator-data/ from scripts/seed-demo.mjs. The new data is exported beside it and replaces it only when
# the seeding succeeded: emulators that cannot start (a port taken by a running `npm start`) leave the demo data as it was.
set -euo pipefail
source "$(dirname "$0")/setup.sh"
ensure_java
ensure_node_modules
ensure_firestore_emulator
ensure_emulator_config
npm run build -w functions --silent
fresh=.cache/seed-export
rm -rf "$fresh"
mkdir -p .cache
"$FIREBASE_CLI" emulators:exec --config "$EMULATOR_CONFIG" --only auth,firestore --project "$FIREBASE_PROJECT" \
  --export-on-exit "$fresh" 'node scripts/seed-demo.mjs'
if [ ! -f "$fresh/firebase-export-metadata.json" ]; then
  echo "Seeding wrote no export; emulator-data/ is left as it was." >&2
  exit 1
fi
rm -rf emulator-data/auth_export emulator-data/firestore_export emulator-data/firebase-export-metadata.json
mkdir -p emulator-data
mv "$fresh"/* emulator-data/
rm -rf "$fresh"
