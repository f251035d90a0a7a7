// Preloaded into the Firebase CLI by the test scripts and npm start (NODE_OPTIONS=--require …; scripts/test-env.sh,
// scripts/start.sh). At its start the Auth emulator of firebase-tools 14 compiles a validator for every request and
// answer its API describes (exegesis, with ajv): about 7 s of CPU, and the CLI starts the other emulators only after
// it (11 s of the start on an idle two-core machine, more beside the unit suites). exegesis can compile each validator
// when a request first needs it (its documented option `lazyCompileValidationSchemas`): every request is checked
// exactly as before, and only the operations used are compiled. Patches the pinned firebase-tools (package.json) in
// memory; if its insides are not as expected, warns and leaves it.
'use strict';

const path = require('node:path');
const { isEmulatorCli, dropFromNodeOptions, firebaseToolsDir } = require('./emulator-cli-preload.cjs');

dropFromNodeOptions('auth-emulator-lazy-validators.cjs');
if (isEmulatorCli) {
  try {
    const tools = firebaseToolsDir();
    const exegesisExpress = require(require.resolve('exegesis-express', { paths: [path.join(tools, 'lib/emulator/auth')] }));
    const middleware = exegesisExpress.middleware;
    if (typeof middleware !== 'function') throw new Error('unexpected exegesis-express');
    exegesisExpress.middleware = (openApiDoc, options, done) => middleware(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, done);
  } catch (err) {
    console.warn(`[auth-emulator-lazy-validators] not applied: ${err instanceof Error ? err.message : err}`);
  }
}
