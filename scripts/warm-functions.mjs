// Starts the Functions emulator's processes of the `api` function before anyone needs them. The emulator serves each
// request in a Node process of its own, starting one (1–2 s of CPU: the functions' code loads) for a request that
// finds every process busy, up to FUNCTIONS_EMULATOR_PARALLEL at once. `count` requests sent together make it start
// `count` processes, which then stay and serve whatever comes: a deployment keeps its warm instances likewise. Plain
// JavaScript (node: modules and fetch only), for npm start and the benchmarks alike.

/** Sends `count` requests at once to the emulated `api` function; resolves to how many were answered. */
export async function warmApiProcesses(count, { projectId = 'demo-verbatim', origin = 'http://127.0.0.1:5001' } = {}) {
  const url = `${origin}/${projectId}/us-central1/api/capabilities`;
  const answers = await Promise.allSettled(Array.from({ length: count }, () => fetch(url, { signal: AbortSignal.timeout(120_000) }).then((r) => r.text())));
  return answers.filter((a) => a.status === 'fulfilled').length;
}

/** The emulator's limit on processes at once, as npm start sets it (scripts/setup.sh, for npm start and the tests). */
export function emulatorParallel(env = process.env) {
  return Number.parseInt(env.FUNCTIONS_EMULATOR_PARALLEL ?? '12', 10);
}
