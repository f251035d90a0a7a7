#!/usr/bin/env bash
# npm run preview:exports: renders the sample report and slide deck to PDF and PNG pages for review (not a test).
set -euo pipefail
source "$(dirname "$0")/setup.sh"
ensure_node_modules
if ! command -v soffice >/dev/null || ! command -v pdftoppm >/dev/null; then
  echo "Installing LibreOffice (headless) and poppler-utils from Debian…"
  apt_install --no-install-recommends libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils fonts-dejavu-core
fi
npm run build -w functions --silent
node scripts/preview-exports.mjs
