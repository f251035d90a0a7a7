// Preloaded into the Firebase CLI by the test scripts (NODE_OPTIONS=--require …; scripts/test-env.sh): at most
// FUNCTIONS_WORKERS_PER_FUNCTION worker processes per emulated function (default 2). The Functions emulator of
// firebase-tools 14 starts another worker, a Node process that loads every function's code (1.5–2 s of CPU here),
// whenever a request finds each of that function's workers busy, and never stops one: on a loaded two-core machine
// a test run started a dozen for one browser file, and their start-up was CPU the tests then waited for. Past the cap
// a request waits for a worker of its function to be free, as it would behind one instance in production.
// Patches the pinned firebase-tools (package.json) in memory; if its insides are not as expected, warns and leaves it.
'use strict';

const path = require('node:path');
const { isEmulatorCli, dropFromNodeOptions, firebaseToolsDir } = require('./emulator-cli-preload.cjs');

dropFromNodeOptions('functions-worker-cap.cjs');
if (isEmulatorCli) {
  const cap = Number(process.env.FUNCTIONS_WORKERS_PER_FUNCTION ?? 2);
  try {
    const lib = path.join(firebaseToolsDir(), 'lib/emulator');
    const { FunctionsEmulator } = require(path.join(lib, 'functionsEmulator.js'));
    const { RuntimeWorkerState } = require(path.join(lib, 'functionsRuntimeWorker.js'));
    const startRuntime = FunctionsEmulator.prototype.startRuntime;
    if (typeof startRuntime !== 'function' || !RuntimeWorkerState?.IDLE || !(cap >= 1)) throw new Error('unexpected firebase-tools');
    // How many times a request found its function's workers all busy, per function, printed at the end of the run.
    const waits = new Map();
    process.on('exit', () => {
      if (waits.size) console.log(`[functions-worker-cap] at most ${cap} workers a function; waits of 10 ms for a free one: ${[...waits].map(([id, n]) => `${id} ${n}`).join(', ')}`);
    });
    FunctionsEmulator.prototype.startRuntime = async function capped(backend, trigger) {
      const pool = this.workerPools?.[backend.codebase];
      if (!trigger?.id || typeof pool?.getTriggerWorkers !== 'function') return startRuntime.call(this, backend, trigger);
      for (;;) {
        const workers = pool.getTriggerWorkers(trigger.id).filter((w) => w.state !== RuntimeWorkerState.FINISHED);
        // Its caller takes the idle worker at once (the same turn of the event loop: nothing else can take it first).
        if (workers.some((w) => w.state === RuntimeWorkerState.IDLE)) return undefined;
        if (workers.length < cap) return startRuntime.call(this, backend, trigger);
        waits.set(trigger.id, (waits.get(trigger.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
  } catch (err) {
    console.warn(`[functions-worker-cap] not applied: ${err instanceof Error ? err.message : err}`);
  }
}
