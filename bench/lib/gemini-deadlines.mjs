// The longest run time of each use of Gemini — an interview's analysis, a recording's transcription, a project's
// synthesis, an Ask — against the time limit of the function it runs in, for each way Gemini fails. The COMPILED code
// runs against the stand-in (test/support/gemini-stand-in.mjs) with its real retries and deadlines
// (analysis/gemini/retry.ts, deadline.ts; the deadline is the one each trigger takes from its function's limit less its
// margin to store what it made), on a clock running SCALE times fast: every time the code waits (a call's own time, a
// backoff, a Retry-After, the run's deadline) is divided by SCALE, and what it measured multiplied back. The local
// calls' own few milliseconds are multiplied too, so each figure is a little above the true one.
//
// Used by bench/gemini-realism.mjs (its last part).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { replies, startGeminiStandIn } from '../../test/support/gemini-stand-in.mjs';
import { patternRange } from '../../functions/test/support/recordings.mjs';
import { root } from './support.mjs';

const SCALE = 200;
const require = createRequire(import.meta.url);
const lib = (path) => require(join(root, 'functions/lib', path));

/** Date.now and AbortSignal.timeout on the fast clock, until `restore()`. */
function fastClock() {
  const realNow = Date.now;
  const realTimeout = AbortSignal.timeout;
  const origin = realNow();
  Date.now = () => origin + (realNow() - origin) * SCALE;
  AbortSignal.timeout = (ms) => realTimeout.call(AbortSignal, Math.max(0, ms / SCALE));
  return () => {
    Date.now = realNow;
    AbortSignal.timeout = realTimeout;
  };
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms / SCALE));
/** A reply that takes `seconds` of the fast clock to come. */
const after = (seconds, reply) => ({ ...reply, latencyMs: (seconds * 1000) / SCALE });
const seconds = (ms) => `${Math.round(ms / 1000).toLocaleString('en-US')} s`;

/** Each way Gemini fails, arranged on the stand-in: `timeoutMs` is the call's own allowance. */
function failureKinds(timeoutMs) {
  const slow = (timeoutMs / 1000) * 0.9;
  return [
    ['no answer, ever (every call times out)', (s) => s.setHandler(() => replies.hang())],
    ['slow answers (each 90 % of a call’s time)', (s) => s.setHandler(() => after(slow, replies.model()))],
    ['slow malformed answers (each 90 % of a call’s time)', (s) => s.setHandler(() => after(slow, replies.text('{"cut off')))],
    ['503 overloaded, every call', (s) => s.setHandler(() => replies.overloaded())],
    ['HTML 502 from a front end, every call', (s) => s.setHandler(() => replies.gatewayError(502))],
    ['429 per minute with Retry-After 60 s, every call', (s) => s.setHandler(() => replies.error(429, { retryAfter: 60, message: 'Resource has been exhausted (e.g. check quota).' }))],
    ['429 per day', (s) => s.setHandler(() => replies.quotaExhausted({ perDay: true }))],
    ['prompt blocked', (s) => s.setHandler(() => replies.blocked('PROHIBITED_CONTENT'))],
    ['answer stopped (LANGUAGE)', (s) => s.setHandler(() => replies.stopped('LANGUAGE'))],
  ];
}

/** The longest run of `run` over every failure kind: [kind, ms, outcome] rows. */
async function measure(standIn, timeoutMs, run) {
  const rows = [];
  for (const [kind, arrange] of failureKinds(timeoutMs)) {
    standIn.reset();
    standIn.setHandler(undefined);
    arrange(standIn);
    const restore = fastClock();
    const started = Date.now();
    let outcome;
    try {
      outcome = await run();
    } catch (error) {
      outcome = error?.code ?? String(error);
    }
    const took = Date.now() - started;
    restore();
    rows.push([kind, took, outcome, standIn.requests.filter((r) => r.path.endsWith(':generateContent')).length]);
  }
  standIn.setHandler(undefined);
  return rows;
}

function print(title, limitMs, deadlineMs, rows) {
  const longest = Math.max(...rows.map((r) => r[1]));
  console.log(`\n  ${title}: function limit ${seconds(limitMs)}${deadlineMs ? `, run deadline ${seconds(deadlineMs)}` : ', no run deadline'}; longest ${seconds(longest)} (${Math.round((100 * longest) / limitMs)} % of the limit)${longest < limitMs ? '' : '  OVER THE LIMIT'}`);
  for (const [kind, took, outcome, calls] of rows) {
    console.log(`    ${kind.padEnd(52)} ${seconds(took).padStart(7)}  ${String(calls).padStart(2)} call${calls === 1 ? ' ' : 's'}  ${outcome}`);
  }
}

/** A recording's script for the stand-in's listener: two voices taking turns every minute. */
function longScript(documentId, durationSeconds) {
  const turns = [];
  for (let t = 5, i = 0; t < durationSeconds - 30; t += 60, i++) turns.push({ speaker: i % 2 ? 'B' : 'A', start: t, text: i % 2 ? 'We kept the logs on paper then.' : 'How did the team keep track of it?' });
  return {
    displayName: `verbatim-${documentId}`,
    durationSeconds,
    speakers: [
      { id: 'A', description: 'a low, calm voice' },
      { id: 'B', description: 'a higher, quick voice' },
    ],
    turns,
  };
}

export async function printDeadlineFigures() {
  const { createGeminiAnalyser } = lib('analysis/gemini/index.js');
  const { ANALYSIS_TRIGGER_SECONDS, ANALYSIS_STORE_MARGIN_MS } = lib('interviews/handle-interview-updated.js');
  const { TRANSCRIPTION_TASK_SECONDS } = lib('recordings/transcription-job.js');
  const { TRANSCRIPTION_STORE_MARGIN_MS } = lib('recordings/transcribe-recording.js');
  const { runTranscription } = lib('analysis/transcription/run-transcription.js');
  const { transcriptionSettings } = lib('analysis/transcription/transcription-settings.js');
  const { writeSynthesisWithGemini } = lib('analysis/gemini-synthesis/index.js');
  const { askGemini, ASK_TIMEOUT_MS, ASK_RETRY_WAIT_MAX_MS } = lib('search/ask-gemini.js');
  const { readServerLimits } = lib('config/server-limits.js');
  const limits = readServerLimits({}).gemini;
  const { analysisInputOf } = await import('./support.mjs');
  const { parseTranscript } = lib('analysis/parsers/index.js');

  const standIn = await startGeminiStandIn();
  const gemini = { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url };
  console.log(`\nlongest run time against its function's limit, per failure kind (the stand-in on a clock ${SCALE}× fast; server defaults: model ${gemini.model})`);
  try {
    // An interview's analysis: the trigger's 540 s, its deadline that less the margin to store the result.
    const analysisLimit = ANALYSIS_TRIGGER_SECONDS * 1000;
    const analysisDeadline = analysisLimit - ANALYSIS_STORE_MARGIN_MS;
    const analysisTimeout = limits.analysisTimeoutSeconds * 1000;
    const transcript = await parseTranscript({ bytes: new TextEncoder().encode('Interviewer: What slows you down?\n\nP1: Exporting the reports takes me most of Friday afternoon every single week.\n'), fileName: 'bench.txt' });
    const input = analysisInputOf(transcript, 'bench.txt');
    input.speakers = input.speakers.map((s) => ({ ...s, role: s.label === 'P1' ? 'participant' : 'interviewer' }));
    const analyser = createGeminiAnalyser({ ...gemini, timeoutMs: analysisTimeout / SCALE, sleep: wait, random: () => 1 });
    print(
      'analysis (one call; 180 s a call, asked once more after a timeout, 3 retries)',
      analysisLimit,
      analysisDeadline,
      await measure(standIn, analysisTimeout, async () => {
        const result = await analyser.analyse(input, undefined, { deadlineAtMs: Date.now() + analysisDeadline });
        return `analysed (${result.insights.length} insights)`;
      }),
    );

    // A three-hour recording's transcription: the task's 1,800 s, six parts of 30 minutes, the first alone.
    const taskLimit = TRANSCRIPTION_TASK_SECONDS * 1000;
    const taskDeadline = taskLimit - TRANSCRIPTION_STORE_MARGIN_MS;
    const partTimeout = limits.transcriptionTimeoutSeconds * 1000;
    const settings = transcriptionSettings(gemini, limits, { timeoutMs: partTimeout / SCALE, sleep: wait, random: () => 1, pollMs: 0, uploadGraceMs: 60_000 / SCALE });
    let n = 0;
    print(
      'transcription (3 h recording in 6 parts; 300 s a call, asked once more after a timeout, 3 retries)',
      taskLimit,
      taskDeadline,
      await measure(standIn, partTimeout, async () => {
        const documentId = `bench-deadline-${++n}`;
        standIn.registerRecording(longScript(documentId, 3 * 3600));
        const outcome = await runTranscription(
          { uid: 'u', projectId: 'p', documentId, fileName: 'long.mp3', contentType: 'audio/mpeg', size: 4096, durationSeconds: 3 * 3600, readRange: patternRange, deadlineAtMs: Date.now() + taskDeadline },
          settings,
          { promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 },
        );
        return outcome.ok ? `transcribed (${outcome.transcript.turns.length} turns)` : `failed: “${outcome.message.split('.')[0]}.”`;
      }),
    );

    // A project's synthesis: its trigger's 360 s (triggers/on-project-content-written.ts); its call's own 60 s, no
    // timeout asked again, 2 retries; no run deadline of its own.
    const synthesisTimeout = limits.synthesisTimeoutSeconds * 1000;
    const documents = [
      { documentId: 'a', documentName: 'Interview A', groupedTags: [], insights: [{ id: 'i1', title: 'Exports eat Fridays', description: 'd', tag: 'exports', documentId: 'a', source: 'gemini', createdAt: new Date(0), quotes: [{ text: 'Exporting takes me most of Friday.', documentId: 'a', speaker: 'P1', start: 0, end: 34 }] }] },
    ];
    print(
      'synthesis (one call; 60 s, 2 retries, the built-in synthesis after a failure)',
      360_000,
      0,
      await measure(standIn, synthesisTimeout, async () => {
        const result = await writeSynthesisWithGemini(documents, { ...gemini, timeoutMs: synthesisTimeout / SCALE, sleep: wait, random: () => 1 });
        // The reason names the call's allowance, which runs fast here: named as the server sets it.
        return result.ok ? 'written' : `built-in instead: ${result.reason.replace(/within [\d.]+ seconds/, `within ${synthesisTimeout / 1000} seconds`)}`;
      }),
    );

    // Ask, in the API function (300 s, functions/src/index.ts): the researcher waits for it.
    print(
      `Ask (one call; ${ASK_TIMEOUT_MS / 1000} s, 1 retry with waits of at most ${ASK_RETRY_WAIT_MAX_MS / 1000} s, none after a timeout)`,
      300_000,
      0,
      await measure(standIn, ASK_TIMEOUT_MS, async () => {
        const passages = [{ id: 'P1', kind: 'quote', projectId: 'p', projectName: 'Study', documentId: 'a', documentName: 'Interview A', speaker: 'Dana', start: 0, end: 40, ts: null, theme: null, text: 'Onboarding was confusing and slow for me.' }];
        const outcome = await askGemini('What about onboarding?', passages, { ...gemini, timeoutMs: ASK_TIMEOUT_MS / SCALE, sleep: (ms) => wait(Math.min(ms, ASK_RETRY_WAIT_MAX_MS)) });
        return outcome.ok ? 'answered' : `quotes instead (${outcome.reason})`;
      }),
    );
  } finally {
    await standIn.close();
  }
}
