#!/usr/bin/env bash
# npm run preview:exports: renders the sample report and slide deck to PDF and PNG pages for review (not a test).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
ensure_node_modules
ensure_libreoffice
npm run build -w functions --silent
node scripts/preview-exports.mjs
