// Gemini project synthesis against the local Gemini stand-in, through the COMPILED server code (requestSynthesis in
// functions/lib) on a Firestore emulator: a 5-interview project (real transcripts, insights by the built-in analyser,
// anchored) whose interviews finish together, each asking for the synthesis as the trigger does. Prints calls to
// Gemini and wall time against the slowest single call. Goals: one synthesis call per project change after the
// debounce, never one per interview; wall time (debounce excluded) ≤ 1.3 × the slowest single call.
//
//   npm run build && node bench/gemini-synthesis.mjs [latencyMs]     (latency default 2000 ms, BENCH_GEMINI_LATENCY_MS)
import { emulatorsExec, printMarkedLines } from './lib/support.mjs';

printMarkedLines(emulatorsExec('firestore', `node bench/lib/gemini-synthesis-run.mjs ${process.argv[2] ?? ''}`));
