// What the preloads that patch the Firebase CLI share (functions-worker-cap.cjs, auth-emulator-lazy-validators.cjs):
// whether this process is the CLI running emulators, the preload's own --require taken out of NODE_OPTIONS so the
// CLI's children (the functions' workers, the test runners) do without it, and where the pinned firebase-tools is.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** This process is `firebase emulators:…`. */
const isEmulatorCli = /(^|\/)firebase(\.js)?$/.test(process.argv[1] ?? '') && process.argv.some((a) => a.startsWith('emulators:'));

/** Takes `--require …/<file>` out of NODE_OPTIONS, so that only the CLI itself loads the preload. */
function dropFromNodeOptions(file) {
  if (!process.env.NODE_OPTIONS) return;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  process.env.NODE_OPTIONS = process.env.NODE_OPTIONS.replace(new RegExp(`--require[= ]\\S*${escaped}`), '').trim();
}

/** The directory of the firebase-tools the running CLI was started from. */
function firebaseToolsDir() {
  return path.dirname(require.resolve('firebase-tools/package.json', { paths: [path.dirname(fs.realpathSync(process.argv[1]))] }));
}

module.exports = { isEmulatorCli, dropFromNodeOptions, firebaseToolsDir };
