# Sourced by start.sh and test.sh: installs what a fresh machine lacks and prepares the
# offline Firestore emulator. Safe to run again; each step is skipped when already done.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n\033[1m▸ %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_java() {
  if ! command -v java >/dev/null 2>&1; then
    step "Installing Java (the Firestore emulator needs it)"
    apt_install openjdk-17-jre-headless
  fi
  if ! command -v jar >/dev/null 2>&1 && [ -f "$DEBIAN_FIRESTORE_JAR" ]; then
    step "Installing the JDK's jar tool"
    apt_install openjdk-17-jdk-headless
  fi
}

ensure_node_modules() {
  if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    step "Installing npm packages"
    npm install --no-audit --no-fund
  fi
}

DEBIAN_FIRESTORE_JAR=/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar

# firebase-tools would download its Firestore emulator; where Debian's copy exists we start
# that one through a wrapper jar whose manifest names its main class.
ensure_firestore_emulator() {
  [ -f "$DEBIAN_FIRESTORE_JAR" ] || return 0
  local dir="$ROOT/.cache/firestore-emulator"
  local wrapper="$dir/firestore-emulator-wrapper.jar"
  if [ ! -f "$wrapper" ]; then
    step "Preparing the offline Firestore emulator"
    mkdir -p "$dir"
    printf 'Manifest-Version: 1.0\nMain-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:%s\n' \
      "$DEBIAN_FIRESTORE_JAR" > "$dir/MANIFEST.MF"
    jar --create --file "$wrapper" --manifest "$dir/MANIFEST.MF"
  fi
  export FIRESTORE_EMULATOR_BINARY_PATH="$wrapper"
}

# The emulators' variant of firebase.json (scripts/emulator-config.mjs): the deployed config with the emulators'
# addresses added to its Content-Security-Policy. Every start of the emulators passes it: --config "$EMULATOR_CONFIG".
ensure_emulator_config() {
  EMULATOR_CONFIG="$(node "$ROOT/scripts/emulator-config.mjs")"
  export EMULATOR_CONFIG
}

# The browser suite runs Chromium's headless shell (e2e/support/chromium-server.ts); the benchmarks the full browser.
ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
    step "Installing Chromium and its headless shell for the browser tests"
    apt_install chromium chromium-headless-shell
  fi
}

# ffmpeg decodes a recording to hear whether it is silent (functions/src/recordings/sound-check.ts): Cloud Functions'
# base image has it; npm start installs it here.
ensure_ffmpeg() {
  if ! command -v ffmpeg >/dev/null 2>&1; then
    step "Installing ffmpeg (recordings are decoded to check their sound)"
    apt_install ffmpeg
  fi
}

# The test recordings are spoken by espeak-ng and encoded by ffmpeg (functions/test/support/recordings.mjs).
ensure_media_tools() {
  local missing=()
  command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
  command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
  if [ "${#missing[@]}" -gt 0 ]; then
    step "Installing ${missing[*]} for the test recordings"
    apt_install "${missing[@]}"
  fi
}

# LibreOffice renders the exported report and deck to PDF: for npm run preview:exports and the rendered-export tests
# (scripts/render-office.mjs). DejaVu is the fallback font those renderings are checked in; poppler draws the pages.
ensure_libreoffice() {
  if ! command -v soffice >/dev/null || ! command -v pdftoppm >/dev/null; then
    step "Installing LibreOffice (headless) and poppler-utils"
    apt_install --no-install-recommends libreoffice-writer-nogui libreoffice-impress-nogui poppler-utils fonts-dejavu-core
  fi
}

build_all() {
  step "Building functions and web"
  npm run build --silent
}

# The Storage emulator downloads its rules runtime at start; it can run only where that
# download can happen (or has happened before).
storage_emulator_available() {
  ls "$HOME"/.cache/firebase/emulators/cloud-storage-rules-runtime*.jar >/dev/null 2>&1 && return 0
  node -e "require('dns').promises.lookup('storage.googleapis.com').then(()=>process.exit(0),()=>process.exit(1))" \
    >/dev/null 2>&1
}

export FIREBASE_PROJECT=demo-verbatim
export FIREBASE_CLI="$ROOT/node_modules/.bin/firebase"
# firebase-tools must not ask questions or phone home.
export CI="${CI:-}"
export FIREBASE_CLI_EXPERIMENTS="${FIREBASE_CLI_EXPERIMENTS:-}"
# The Functions emulator serves each request in a Node process of its own and starts another for a request that
# finds them all busy, up to 50 at once: a burst of requests then starts dozens of processes on a small machine,
# which take longer to load than Hosting waits (60 s). Twelve at a time, for npm start, the tests and the benchmarks
# alike; the rest wait in the emulator's line. npm start also starts them as the emulators come up
# (scripts/warm-functions.mjs).
export FUNCTIONS_EMULATOR_PARALLEL="${FUNCTIONS_EMULATOR_PARALLEL:-12}"
# A process the emulator starts must answer within FUNCTIONS_DISCOVERY_TIMEOUT seconds (30 by default) or the request
# that woke it is dropped unanswered. Loading the functions takes about 1 s of CPU; a burst that starts several at once
# on two cores busy with a browser can take longer than 30 s. 90 s for npm start and the tests alike.
export FUNCTIONS_DISCOVERY_TIMEOUT="${FUNCTIONS_DISCOVERY_TIMEOUT:-90}"
