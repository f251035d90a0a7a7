/**
 * A recording transcribed by Gemini, through the real SDK against the stand-in that speaks the Files API and hears
 * the recording's script: the upload in chunks from the store, the wait for Google's processing, the parts and how
 * they are stitched, the transcript model it becomes, and each way it can end without a transcript.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import type { TokenUsage } from '@verbatim/contract/insight';
import { runTranscription, type TranscriptionInput } from '../../../../src/analysis/transcription/run-transcription';
import { transcriptionSettings, type TranscriptionSettings } from '../../../../src/analysis/transcription/transcription-settings';
import { clockTime } from '../../../../src/analysis/transcription/windows';
import { TRANSCRIPTION_FAILURE_MESSAGES } from '../../../../src/analysis/gemini-failure-messages';
import { machineNote } from '../../../../src/analysis/transcription';
import { readServerLimits } from '../../../../src/config/server-limits';
import { noUsage } from '../../../../src/analysis/gemini';
import { cutTranscriptionAudio } from '../../../../src/recordings/transcription-audio';
import { replies, startGeminiStandIn, type GeminiStandIn, type RecordingScript } from '../../../../../test/support/gemini-stand-in.mjs';
import { fileRange, makeRecording, patternRange, patternSha256, scriptOf, VOICE_DESCRIPTIONS, type SpokenRecording, type SpokenScript } from '../../../support/recordings.mjs';

const MODEL = 'gemini-3.8-flash';
const MiB = 1024 * 1024;
let standIn: GeminiStandIn;
let interview: SpokenRecording;
let script: SpokenScript;
let size: number;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
  // 14 turns of a shared interview, two voices: about four and a half minutes of speech.
  interview = makeRecording({ format: 'm4a', turns: 14 });
  script = scriptOf(interview);
  size = statSync(interview.path).size;
}, 120_000);
afterEach(() => standIn.reset());
afterAll(() => standIn.close());

function settings(overrides: Partial<TranscriptionSettings> = {}): TranscriptionSettings {
  return transcriptionSettings({ apiKey: standIn.apiKey, model: MODEL, baseUrl: standIn.url }, readServerLimits({}).gemini, {
    sleep: async () => {},
    pollMs: 0,
    random: () => 0.5,
    ...overrides,
  });
}

function spokenInput(extra: Partial<TranscriptionInput> = {}): TranscriptionInput {
  return {
    uid: 'u1',
    projectId: 'p1',
    documentId: 'doc-spoken',
    // Sent whole, as a type Gemini takes (the stand-in hears a recording by its bytes' hash, not by decoding them); an
    // .m4a sent whole is refused before anything is sent (see 'a sound Gemini does not take as it is').
    fileName: 'Interview with a hydrologist.mp3',
    contentType: 'audio/mpeg',
    size,
    durationSeconds: interview.durationSeconds,
    readRange: fileRange(interview.path),
    ...extra,
  };
}

/** A recording of `size` pattern bytes the stand-in hears as `script` (matched by its display name). */
function patternInput(documentId: string, size: number, script: Omit<RecordingScript, 'displayName'>, extra: Partial<TranscriptionInput> = {}): TranscriptionInput {
  standIn.registerRecording({ ...script, displayName: `verbatim-${documentId}` });
  return {
    uid: 'u1',
    projectId: 'p1',
    documentId,
    fileName: 'long.mp3',
    contentType: 'audio/mpeg',
    size,
    durationSeconds: script.durationSeconds,
    readRange: patternRange,
    ...extra,
  };
}

/** A conversation of `seconds`: a turn every 20 seconds, the two voices taking turns. */
function everyTwentySeconds(seconds: number): Omit<RecordingScript, 'displayName'> {
  return {
    durationSeconds: seconds,
    speakers: [
      { id: 'A', description: VOICE_DESCRIPTIONS.interviewer },
      { id: 'B', description: VOICE_DESCRIPTIONS.participant },
    ],
    turns: Array.from({ length: Math.floor(seconds / 20) }, (_, i) => ({
      speaker: i % 2 === 0 ? 'A' : 'B',
      start: i * 20 + 1,
      text: i % 2 === 0 ? `Question number ${i} is what you did next?` : `Answer number ${i}: I waited for the weather report before the whole team left.`,
    })),
  };
}

/** The one-minute parts of a recording of `seconds` (its last part more than a quarter of a minute), as clock times. */
function minuteParts(seconds: number): string[][] {
  const end = Math.ceil(seconds);
  expect(end % 60).toBeGreaterThanOrEqual(15);
  return Array.from({ length: Math.ceil(end / 60) }, (_, i) => [clockTime(i * 60), clockTime(Math.min(end, (i + 1) * 60))]);
}

const generateCalls = () => standIn.requests.filter((r) => r.path.endsWith(':generateContent'));
const uploadsStarted = () => standIn.fileRequests.filter((r) => r.command === 'start').length;

async function transcribe(input: TranscriptionInput, options: Partial<TranscriptionSettings> = {}, usage: TokenUsage = noUsage()) {
  return runTranscription(input, settings(options), usage);
}

describe('a spoken interview', () => {
  it('becomes a transcript like an uploaded caption file: each turn’s words and time, two speakers kept apart across parts, the interviewer found', async () => {
    standIn.registerRecording(script);
    // One-minute parts: five calls; the voices of the first are described to the others.
    const outcome = await transcribe(spokenInput(), { windowSeconds: 60 });
    if (!outcome.ok) throw new Error(outcome.message);
    const { transcript } = outcome;
    expect(transcript.format).toBe('vtt');
    const said = script.turns;
    expect(transcript.turns.map((t) => transcript.text.slice(t.start, t.end))).toEqual(said.map((t) => t.text));
    expect(transcript.turns.map((t) => t.ts)).toEqual(said.map((t) => Math.floor(t.start)));
    // A turn of several sentences has a time for each (the model is asked for them): a mark where each starts.
    const longTurns = transcript.turns.filter((t) => /[.!?] \S/.test(transcript.text.slice(t.start, t.end)));
    expect(longTurns.length).toBeGreaterThan(0);
    for (const turn of longTurns) {
      const inside = transcript.timeMarks!.filter((m) => m.offset > turn.start && m.offset < turn.end);
      expect(inside.length).toBeGreaterThan(0);
      for (const mark of inside) expect(/[.!?] $/.test(transcript.text.slice(mark.offset - 2, mark.offset))).toBe(true);
    }
    // Each voice keeps one label throughout.
    const labelOf = new Map<string, Set<string>>();
    said.forEach((turn, i) => labelOf.set(turn.speaker, (labelOf.get(turn.speaker) ?? new Set()).add(transcript.turns[i]!.speaker)));
    expect([...labelOf.values()].map((labels) => [...labels])).toEqual([['Speaker 1'], ['Speaker 2']]);
    expect(transcript.speakers.find((s) => s.label === 'Speaker 1')?.role).toBe('interviewer');
    expect(transcript.speakers.find((s) => s.label === 'Speaker 2')?.role).toBe('participant');
    expect(transcript.wordCount).toBeGreaterThan(200);
    expect(transcript.language).toBe('en');
    expect(transcript.notes[0]).toBe(machineNote(MODEL));
    // The first part alone, then the others at once (in any order).
    const asked = generateCalls().map((r) => /from (\S+) to (\S+)/.exec(r.userText)?.slice(1) ?? []);
    expect(asked[0]).toEqual(['00:00:00', '00:01:00']);
    expect(asked.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(minuteParts(interview.durationSeconds));
    // The recording left Google when the transcript was made.
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  });

  it('after a silent opening, the first part with voices is heard alone and its voices are described to the rest', async () => {
    // Nobody speaks in the first minute; the third minute opens with the second voice.
    const turns = [
      { speaker: 'A', start: 70, text: 'Shall we start, then?' },
      { speaker: 'B', start: 80, text: 'Yes, I am ready when you are.' },
      { speaker: 'A', start: 100, text: 'Tell me about the harbour.' },
      { speaker: 'B', start: 125, text: 'It was busy every morning.' },
      { speaker: 'A', start: 150, text: 'Busy with what?' },
    ];
    const script = { durationSeconds: 180, speakers: everyTwentySeconds(0).speakers, turns };
    const outcome = await transcribe(patternInput('doc-late-start', 1000, script), { windowSeconds: 60 });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.transcript.turns.map((t) => t.speaker)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2', 'Speaker 1']);
    const calls = generateCalls();
    expect(calls.map((r) => r.userText.includes('These speakers were heard in earlier parts'))).toEqual([false, false, true]);
  });

  it('sends the recording once, named by its interview rather than its file name, and asks about it through its file', async () => {
    standIn.registerRecording(script);
    const outcome = await transcribe(spokenInput());
    expect(outcome.ok).toBe(true);
    const [file] = [...standIn.files.values()];
    expect(file).toMatchObject({ displayName: 'verbatim-doc-spoken', mimeType: 'audio/mp3', sizeBytes: size, sha256: script.sha256 });
    const [call] = generateCalls();
    expect(call?.apiVersion).toBe('v1beta');
    expect(call?.rawBody).not.toContain('hydrologist');
    const parts = (call?.body as { contents: Array<{ parts: Array<{ fileData?: { fileUri: string; mimeType: string } }> }> }).contents[0]!.parts;
    expect(parts[0]?.fileData).toEqual({ fileUri: `${standIn.url}/v1beta/files/${file!.id}`, mimeType: 'audio/mp3' });
  });

  it('counts Google’s tokens of every part: 32 a second of the whole recording each time, and the answer', async () => {
    standIn.registerRecording(script);
    const usage = noUsage();
    await transcribe(spokenInput(), { windowSeconds: 60 }, usage);
    const audioTokens = Math.round(interview.durationSeconds * 32);
    const calls = minuteParts(interview.durationSeconds).length;
    expect(usage.calls).toBe(calls);
    expect(usage.promptTokens).toBeGreaterThan(calls * audioTokens);
    expect(usage.promptTokens).toBeLessThan(calls * audioTokens + calls * 1_500);
    expect(usage.totalTokens).toBe(usage.promptTokens + usage.outputTokens);
  });

  it('keeps what the machine misheard or ran together, word for word, for the researcher to correct', async () => {
    standIn.registerRecording(script);
    const outcome = await transcribe(spokenInput(), { windowSeconds: 60 });
    expect(outcome.ok).toBe(true);
    standIn.reset();
    const realistic = await startGeminiStandIn({ behaviour: 'realistic' });
    try {
      realistic.registerRecording(script);
      const heard = await runTranscription(
        spokenInput(),
        transcriptionSettings({ apiKey: realistic.apiKey, model: MODEL, baseUrl: realistic.url }, readServerLimits({}).gemini, { sleep: async () => {}, pollMs: 0 }),
        noUsage(),
      );
      if (!heard.ok || !outcome.ok) throw new Error('not transcribed');
      const errors = realistic.requests.flatMap((r) => r.heard ?? []);
      const misheard = errors.filter((e) => e.kind === 'misheard');
      const merged = errors.filter((e) => e.kind === 'merged');
      expect(misheard.length).toBeGreaterThan(0);
      expect(merged.length).toBeGreaterThan(0);
      for (const error of misheard) {
        expect(heard.transcript.text).toContain(error.heard);
        expect(heard.transcript.text).not.toContain(error.said);
      }
      // A turn run into the one before it reads as the other speaker's words, until the researcher splits it.
      for (const error of merged) {
        const words = script.turns[error.turn]!.text;
        const turn = heard.transcript.turns.find((t) => heard.transcript.text.slice(t.start, t.end).includes(words))!;
        expect(script.turns[error.turn]!.speaker).toBe('participant');
        expect(turn.speaker).toBe('Speaker 1');
      }
      expect(heard.transcript.turns.length).toBeLessThan(outcome.transcript.turns.length);
    } finally {
      await realistic.close();
    }
  });

  it('reports its progress in order, up to done', async () => {
    standIn.registerRecording(script);
    const seen: number[] = [];
    await transcribe(spokenInput({ onProgress: (f) => void seen.push(f) }), { windowSeconds: 60 });
    expect(seen.length).toBeGreaterThan(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.at(-1)).toBe(1);
  });
});

describe('each part sends only its own sound', () => {
  /** The spoken interview with its sound cut a part at a time, as the transcription task cuts a stored recording. */
  function cutInput(extra: Partial<TranscriptionInput> = {}): TranscriptionInput {
    const bytes = { size, readRange: fileRange(interview.path) };
    return spokenInput({ cutAudio: (from, to, signal) => cutTranscriptionAudio(bytes, 'M4A/isom/iso2', from, to, signal ? { signal } : {}), ...extra });
  }

  it('as MP3 of its own minutes (plus overlap): the recording’s sound is paid for about once, and the transcript is the same', async () => {
    standIn.registerRecording({ ...script, displayName: 'verbatim-doc-spoken' });
    const usage = noUsage();
    const tail = 10;
    const outcome = await transcribe(cutInput(), { windowSeconds: 60, partTailSeconds: tail, partLeadSeconds: 2 }, usage);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.transcript.turns.map((t) => outcome.transcript.text.slice(t.start, t.end))).toEqual(script.turns.map((t) => t.text));
    expect(outcome.transcript.turns.map((t) => t.ts)).toEqual(script.turns.map((t) => Math.floor(t.start)));
    const parts = minuteParts(interview.durationSeconds);
    const files = [...standIn.files.values()];
    // One file a part, each an MP3 (a format Google documents for audio), named by the interview and its stretch, deleted.
    expect(files.map((f) => f.mimeType)).toEqual(parts.map(() => 'audio/mp3'));
    expect(files.every((f) => f.deleted && /^verbatim-doc-spoken-part-\d+s-\d+s$/.test(f.displayName))).toBe(true);
    expect(files.reduce((n, f) => n + f.sizeBytes, 0)).toBeLessThan(size * 1.5);
    // Google's tokens are the sound sent: each second once, and the overlap (2 s before, 10 s after each part).
    const sound = interview.durationSeconds * 32;
    const heard = files.reduce((n, f) => n + (f.mediaSeconds ?? Infinity), 0);
    expect(heard).toBeGreaterThan(interview.durationSeconds * 0.97);
    expect(heard).toBeLessThan(interview.durationSeconds + parts.length * (tail + 2) + 5);
    expect(usage.promptTokens).toBeGreaterThan(sound * 0.97);
    expect(usage.promptTokens).toBeLessThan(heard * 32 + parts.length * 1_500);
    // Each part was told where its clip begins.
    expect(generateCalls().every((r) => /You are given this part as a clip of the recording, \d\d:\d\d:\d\d to/.test(r.userText))).toBe(true);
  });
});

describe('the run’s deadline, from the time its task has left', () => {
  afterEach(() => standIn.setHandler(undefined));

  it('bounds every call and retry: a Gemini that never answers fails the run at the deadline, not after its calls’ own minutes', async () => {
    standIn.setHandler(async () => replies.hang());
    const usage = noUsage();
    const started = Date.now();
    const input = patternInput('doc-deadline', 1000, everyTwentySeconds(100), { deadlineAtMs: started + 1_500 });
    // Each call may take 300 s and is asked once more after a timeout: 10 minutes without the deadline.
    const outcome = await transcribe(input, {}, usage);
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(usage.calls).toBe(1);
    // The file still left Google.
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  }, 20_000);

  it('no retry waits past it: a Gemini that keeps failing is not asked again once the wait would reach the deadline', async () => {
    standIn.setHandler(async () => replies.overloaded());
    const waits: number[] = [];
    const started = Date.now();
    const input = patternInput('doc-deadline-retry', 1000, everyTwentySeconds(100), { deadlineAtMs: started + 2_500 });
    // Real waits of the backoff (1 s, then 2 s: the second would pass the deadline).
    const outcome = await transcribe(input, {
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise((r) => setTimeout(r, ms));
      },
      random: () => 1,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(waits.filter((ms) => ms > 0)).toEqual([1_000]);
    expect(Date.now() - started).toBeLessThan(2_500);
  }, 20_000);
});

describe('an answer that stops well before its part ends', () => {
  afterEach(() => standIn.setHandler(undefined));

  /** An answer that hears the conversation only up to five minutes. */
  const stopsAtFive = () =>
    replies.text(
      JSON.stringify({
        speakers: [
          { label: 'Speaker 1', description: VOICE_DESCRIPTIONS.interviewer },
          { label: 'Speaker 2', description: VOICE_DESCRIPTIONS.participant },
        ],
        turns: Array.from({ length: 15 }, (_, i) => ({ speaker: `Speaker ${(i % 2) + 1}`, sentences: [{ start: clockTime(i * 20 + 1), text: `Words of turn ${i}.` }] })),
      }),
    );

  it('is asked again once; an answer that hears the part to its end is kept, with no note', async () => {
    let asked = 0;
    standIn.setHandler(async () => (++asked === 1 ? stopsAtFive() : replies.model()));
    const outcome = await transcribe(patternInput('doc-short-once', 1000, everyTwentySeconds(1200)));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(generateCalls()).toHaveLength(2);
    expect(outcome.transcript.turns).toHaveLength(60);
    expect(outcome.transcript.notes.some((n) => n.includes('may be missing'))).toBe(false);
  });

  it('stopping early twice, is kept with a note naming the minutes missing', async () => {
    standIn.setHandler(async () => stopsAtFive());
    const outcome = await transcribe(patternInput('doc-short-twice', 1000, everyTwentySeconds(1200)));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(generateCalls()).toHaveLength(2);
    expect(outcome.transcript.turns).toHaveLength(15);
    expect(outcome.transcript.notes).toContain(
      "Gemini's transcript stops at 00:04:41, though it was asked twice for the part to 00:20:00: what is said from 00:04:41 to 00:20:00 (15 minutes) may be missing. Check it against the recording.",
    );
  });

  it('the stand-in’s own early stop (its model hears a quarter of the part and says STOP) is caught the same way', async () => {
    standIn.respondWith(replies.stoppedEarly(0.25), replies.stoppedEarly(0.25));
    const outcome = await transcribe(patternInput('doc-stops-early', 1000, everyTwentySeconds(1200)));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(generateCalls()).toHaveLength(2);
    expect(outcome.transcript.turns.length).toBeLessThan(20);
    expect(outcome.transcript.notes.some((n) => /stops at 00:0[45]:\d\d, though it was asked twice for the part to 00:20:00/.test(n))).toBe(true);
  });
});

describe('a large recording', () => {
  it('is uploaded in 8 MiB chunks read from the store one range at a time, never the whole file', async () => {
    const size = 2 * 8 * MiB + 123_457;
    const ranges: Array<[number, number]> = [];
    let open = 0;
    let maxOpen = 0;
    const readRange = (start: number, end: number): Readable => {
      ranges.push([start, end]);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      return patternRange(start, end).on('close', () => (open -= 1));
    };
    const outcome = await transcribe(patternInput('doc-large', size, everyTwentySeconds(300), { readRange }));
    expect(outcome.ok).toBe(true);
    const [file] = [...standIn.files.values()];
    expect(file?.chunks).toEqual([8 * MiB, 8 * MiB, 123_457]);
    expect(file?.sha256).toBe(await patternSha256(size));
    expect(ranges).toEqual([
      [0, 8 * MiB],
      [8 * MiB, 16 * MiB],
      [16 * MiB, size],
    ]);
    expect(maxOpen).toBe(1);
    expect(standIn.fileRequests.filter((r) => r.command !== null).map((r) => `${r.command}@${r.offset ?? ''}`)).toEqual([
      'start@',
      'upload@0',
      `upload@${8 * MiB}`,
      `upload, finalize@${16 * MiB}`,
    ]);
  });

  it('is transcribed once Google has processed it, not before', async () => {
    standIn.setFileBehaviour({ processingPolls: 3 });
    const outcome = await transcribe(patternInput('doc-processing', 1000, everyTwentySeconds(100)));
    expect(outcome.ok).toBe(true);
    const reads = standIn.fileRequests.filter((r) => r.method === 'GET');
    expect(reads).toHaveLength(4);
    const [call] = generateCalls();
    expect(call).toBeDefined();
    expect([...standIn.files.values()][0]?.state).toBe('ACTIVE');
  });

  it('a part whose answer reaches the output limit is asked again as its two halves', async () => {
    standIn.respondWith(replies.text('{"speakers": [], "turns": [{"speaker": "Speaker 1", "start": "00:00:01", "text": "Quest', { finishReason: 'MAX_TOKENS' }));
    const script = everyTwentySeconds(600);
    const outcome = await transcribe(patternInput('doc-halves', 1000, script), { windowSeconds: 600 });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(generateCalls().map((r) => /from (\S+) to (\S+)/.exec(r.userText)?.slice(1))).toEqual([
      ['00:00:00', '00:10:00'],
      ['00:00:00', '00:05:00'],
      ['00:05:00', '00:10:00'],
    ]);
    expect(outcome.transcript.turns).toHaveLength(script.turns.length);
    // The second half was told of the voices the first half met.
    expect(new Set(outcome.transcript.turns.map((t) => `${t.speaker}: ${outcome.transcript.text.slice(t.start, t.start + 6)}`))).toEqual(
      new Set(['Speaker 1: Questi', 'Speaker 2: Answer']),
    );
  });

  it('a video is sent a part at a time as clips, so only each part’s sound is read', async () => {
    const script = everyTwentySeconds(600);
    const usage = noUsage();
    const outcome = await transcribe(patternInput('doc-video', 1000, script, { contentType: 'video/mp4' }), { windowSeconds: 300 }, usage);
    expect(outcome.ok).toBe(true);
    const clips = generateCalls().map((r) => (r.body as { contents: Array<{ parts: Array<{ videoMetadata?: unknown }> }> }).contents[0]!.parts[0]!.videoMetadata);
    expect(clips).toEqual([
      { startOffset: '0s', endOffset: '300s', fps: 0.1 },
      { startOffset: '300s', endOffset: '600s', fps: 0.1 },
    ]);
    // Each call: 300 s of sound (32 a second) and 30 frames (258 each), and the prompt's text.
    expect(usage.promptTokens).toBeGreaterThan(2 * (300 * 32 + 30 * 258));
    expect(usage.promptTokens).toBeLessThan(2 * (300 * 32 + 30 * 258 + 1_500));
  });
});

describe('without a transcript', () => {
  it('a recording in which nobody speaks is transcription-empty, with its sentence, and leaves Google', async () => {
    const outcome = await transcribe(patternInput('doc-silent', 1000, { durationSeconds: 90, speakers: [], turns: [] }));
    expect(outcome).toEqual({ ok: false, code: 'transcription-empty', message: RECORDING_MESSAGES.transcriptionEmpty });
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  });

  it('an upload Google keeps refusing fails with transcription-failed, sent twice, and nothing is asked', async () => {
    standIn.setFileBehaviour({ refuseChunk: 1 });
    const outcome = await transcribe(patternInput('doc-refused', 9 * MiB, everyTwentySeconds(100)));
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message: TRANSCRIPTION_FAILURE_MESSAGES.busy });
    expect(uploadsStarted()).toBe(2);
    expect(generateCalls()).toHaveLength(0);
  });

  it('an upload that stops moving is cut off at its deadline and fails with transcription-failed', async () => {
    // The store gives the first 64 KiB of the recording, then nothing more.
    const stalled = (): Readable => {
      let given = false;
      return new Readable({
        read() {
          if (!given) this.push(Buffer.alloc(64 * 1024));
          given = true;
        },
      });
    };
    const outcome = await transcribe(patternInput('doc-stalled', 9 * MiB, everyTwentySeconds(100), { readRange: stalled }), { uploadGraceMs: 300, uploadMinBytesPerSecond: Number.MAX_SAFE_INTEGER });
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message: RECORDING_MESSAGES.transcriptionFailed });
    expect(uploadsStarted()).toBe(1);
    expect(standIn.files.size).toBe(0);
    expect(generateCalls()).toHaveLength(0);
  });

  it('a recording Google cannot process fails with transcription-failed, and is deleted', async () => {
    standIn.setFileBehaviour({ failProcessing: true });
    const outcome = await transcribe(patternInput('doc-unprocessed', 1000, everyTwentySeconds(100)));
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(generateCalls()).toHaveLength(0);
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  });

  it.each([
    ['not JSON', 'Here is the transcript: Speaker 1 said hello.'],
    ['a time past the recording’s end', JSON.stringify({ speakers: [], turns: [{ speaker: 'Speaker 1', sentences: [{ start: '02:00:00', text: 'Hello there.' }] }] })],
    [
      'times that go backwards',
      JSON.stringify({
        speakers: [],
        turns: [
          { speaker: 'Speaker 1', sentences: [{ start: '00:01:00', text: 'Hello.' }] },
          { speaker: 'Speaker 2', sentences: [{ start: '00:00:10', text: 'Hi.' }] },
        ],
      }),
    ],
    ['turns without their sentences', JSON.stringify({ speakers: [], turns: [{ speaker: 'Speaker 1', start: '00:00:10', text: 'Hello.' }] })],
  ])('an answer with %s is asked for once more, then fails with transcription-failed and is deleted', async (_name, text) => {
    standIn.respondWith(replies.text(text), replies.text(text));
    const outcome = await transcribe(patternInput('doc-malformed', 1000, everyTwentySeconds(100)));
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(generateCalls()).toHaveLength(2);
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  });

  it('Google’s service failing through every retry fails with transcription-failed, each attempt counted', async () => {
    standIn.setHandler(async () => replies.overloaded());
    const usage = noUsage();
    const outcome = await transcribe(patternInput('doc-overloaded', 1000, everyTwentySeconds(100)), {}, usage);
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(usage.calls).toBe(4);
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
    standIn.setHandler(undefined);
  });
});

describe('each failure says what happened', () => {
  it.each([
    ['a prompt Gemini blocked', () => standIn.respondWith(replies.blocked('PROHIBITED_CONTENT')), TRANSCRIPTION_FAILURE_MESSAGES.blocked, 1],
    ['an answer stopped for SAFETY', () => standIn.respondWith(replies.stopped('SAFETY')), TRANSCRIPTION_FAILURE_MESSAGES.blocked, 1],
    ['an answer stopped for its language', () => standIn.respondWith(replies.stopped('LANGUAGE')), TRANSCRIPTION_FAILURE_MESSAGES.language, 1],
    ['the daily quota used up', () => standIn.respondWith(replies.quotaExhausted({ perDay: true })), TRANSCRIPTION_FAILURE_MESSAGES.quota, 1],
    ['a per-minute quota through every retry', () => standIn.setHandler(() => replies.quotaExhausted({ perDay: false })), TRANSCRIPTION_FAILURE_MESSAGES.busy, 4],
    ['a front end’s HTML 502 through every retry', () => standIn.setHandler(() => replies.gatewayError(502)), TRANSCRIPTION_FAILURE_MESSAGES.serviceError, 4],
    ['a 500 through every retry', () => standIn.setHandler(() => replies.error(500)), TRANSCRIPTION_FAILURE_MESSAGES.serviceError, 4],
    ['more input than Gemini reads', () => standIn.respondWith(replies.tooMuchInput()), TRANSCRIPTION_FAILURE_MESSAGES.tooLong, 1],
    ['a file type Gemini refuses', () => standIn.respondWith(replies.unsupportedType('audio/mp3')), TRANSCRIPTION_FAILURE_MESSAGES.unsupportedFile, 1],
    ['no answer in time, twice', () => standIn.respondWith(replies.hang(), replies.hang()), TRANSCRIPTION_FAILURE_MESSAGES.timeout, 2],
  ])('%s', async (_name, arrange, message, calls) => {
    arrange();
    const outcome = await transcribe(patternInput('doc-failing', 1000, everyTwentySeconds(100)), { timeoutMs: 300 });
    standIn.setHandler(undefined);
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message });
    expect(generateCalls()).toHaveLength(calls);
    expect([...standIn.files.values()].every((f) => f.deleted)).toBe(true);
  });

  it('a Gemini that cannot be reached at all says so', async () => {
    // Nothing listens on port 9 (discard): every connection is refused.
    const outcome = await transcribe(patternInput('doc-unreachable', 1000, everyTwentySeconds(100)), { baseUrl: 'http://127.0.0.1:9' });
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message: TRANSCRIPTION_FAILURE_MESSAGES.unreachable });
  });

  it('a recording Google cannot process says so, and how to export it', async () => {
    standIn.setFileBehaviour({ failProcessing: true });
    const outcome = await transcribe(patternInput('doc-unprocessable', 1000, everyTwentySeconds(100)));
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message: TRANSCRIPTION_FAILURE_MESSAGES.unprocessable });
  });

  it('a sound Gemini does not take as it is (.m4a), with no cutter, is refused before anything is sent', async () => {
    standIn.registerRecording(script);
    const outcome = await transcribe(spokenInput({ fileName: 'Interview.m4a', contentType: 'audio/mp4' }));
    expect(outcome).toEqual({ ok: false, code: 'transcription-failed', message: TRANSCRIPTION_FAILURE_MESSAGES.unsupportedFile });
    expect(uploadsStarted()).toBe(0);
    expect(generateCalls()).toHaveLength(0);
  });

  it('no sentence a researcher reads carries Google’s HTML page or a status code', () => {
    for (const message of Object.values(TRANSCRIPTION_FAILURE_MESSAGES)) {
      expect(message).not.toMatch(/<|HTTP|\d{3}/);
      expect(message).toMatch(/Your credit was returned/);
    }
  });
});
