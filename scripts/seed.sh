#!/usr/bin/env bash
# Rebuilds emulator-data/ from scripts/seed-demo.mjs.
set -euo pipefail
source "$(dirname "$0")/setup.sh"
ensure_java
ensure_node_modules
ensure_firestore_emulator
npm run build -w functions --silent
rm -rf emulator-data/auth_export emulator-data/firestore_export emulator-data/firebase-export-metadata.json
"$FIREBASE_CLI" emulators:exec --only auth,firestore --project "$FIREBASE_PROJECT" \
  --export-on-exit emulator-data 'node scripts/seed-demo.mjs'
