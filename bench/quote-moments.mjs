// A quote's own moments (contract/src/quote-moments.ts) against interviews whose every word's time is known. Each
// distinct word is spoken once by espeak-ng at three speaking rates and its sounding length measured; interviews are
// then laid out word by word (each speaker at a rate of their own, gaps between words, pauses at commas and sentence
// ends, a long silence now and then, pauses between turns) and exported as recording tools write them: Zoom's .vtt
// (cues of a few seconds with start and end), Otter's .txt (a time to the second over each paragraph), a plain
// turn-per-line transcript (a time per turn), and a Gemini transcription as Verbatim writes it (one cue a sentence,
// times to the second, cues back to back). Each export is read by our parser; quotes are drawn at random as
// participant word spans (a clause, a sentence or two, 5–40 words) and timed by quoteMoments and quoteClipBounds.
// Prints per layout the median and 95th percentile of |quote start − true start| and |quote end − true end|, the
// share of clips holding all their quote's words, how much longer than its words a clip is, and the error of the old
// time (the cue's or turn's start).
//
//   npm run bench -- quote-moments     (QUOTE_MOMENTS_SEEDS=tune: the seeds the constants were tuned on, else others;
//                                       QUOTE_MOMENTS_TIMES_ONLY=1 leaves out the clip-cutting cost)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { requireCompiled, root } from './lib/support.mjs';

const [{ parseTranscript }] = requireCompiled('parsers/index.js');
const requireFromFunctions = createRequire(join(root, 'functions/lib/index.js'));
const { quoteMoments, quoteClipBounds } = requireFromFunctions('@verbatim/contract/quote-moments');
const { momentAt, turnIndexAt } = requireFromFunctions('@verbatim/contract/transcript-lookup');

// The constants of quote-moments.ts were tuned on the first seeds only; the figures printed come from the others.
const TUNING_SEEDS = [1, 2, 3];
const REPORTED_SEEDS = [101, 102, 103, 104, 105, 106];
const SEEDS = process.env.QUOTE_MOMENTS_SEEDS === 'tune' ? TUNING_SEEDS : REPORTED_SEEDS;
const QUOTES_PER_INTERVIEW = 60;
const RATES = [140, 170, 200]; // espeak-ng words a minute

// ---------------------------------------------------------------------------------------------------------------
// What is said: questions, and answers made of sentences with clauses.

const QUESTIONS = [
  'Could you tell me a little about your role and what a normal week looks like?',
  'How did you first start using the scheduling tool?',
  'What happened the first time it went wrong?',
  'Who else on your team relies on it, and how?',
  'Can you walk me through the last time you planned a shift?',
  'What do you do when the numbers do not match?',
  'How did your manager react to the change?',
  'If you could change one thing about it, what would it be?',
  'What made you trust it, in the end?',
  'Is there anything you still do on paper?',
  'How do the reminders fit into your day?',
  'What would you tell a new colleague about it?',
];
const OPENINGS = ['Honestly', 'Well', 'So', 'I mean', 'To be fair', 'At first', 'Mostly', 'Looking back', 'In the end', 'Funny enough'];
const CLAUSES = [
  'we kept the old spreadsheet going for months',
  'nobody wanted to be the first to move their numbers over',
  'the finance team found that it sent the reminders for them',
  'it spread quickly from one team to another',
  'I still keep a copy of the old file just in case',
  'the hardest part was the first week when nothing matched',
  'I thought we would go back to paper within a month',
  'my manager asked me every morning whether the totals were right',
  'it took a long time before anyone trusted the dashboard',
  'I cannot imagine doing it the other way now',
  'the night shift never really got the hang of it',
  'we printed the weekly plan and pinned it next to the coffee machine',
  'half of the team ignored the notifications completely',
  'the export to the payroll system broke twice in the first quarter',
  'I spent my Sunday evenings fixing the rota by hand',
  'people started swapping shifts without telling anyone',
  'the app told us someone was on leave when they were not',
  'our supervisor built a little checklist that everyone followed',
  'the numbers looked right but the names were in the wrong order',
  'it saved me maybe two hours every single week',
  'the training session was far too short for most of us',
  'I learned more from a colleague than from the manual',
  'the older staff were surprisingly quick to adopt it',
  'we had to call the support line three times in one day',
  'the holiday requests finally stopped getting lost',
  'I was worried that it would be used to watch us',
  'nobody could explain why the overtime was counted twice',
  'we agreed to check the plan together every Monday morning',
  'the mobile version was much easier than the desktop one',
  'I would not go back even if they paid me',
];
const LINKS = ['because', 'and', 'but', 'so', 'although', 'which meant', 'until', 'even though'];
const CLOSING = 'Thank you so much, that is everything I wanted to ask today.';

/** A seeded random source (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

const capital = (s) => s[0].toUpperCase() + s.slice(1);

/** An answer's sentence: one to three clauses, joined by a comma and a link word; ends with a full stop. */
function sentence(rng) {
  const clauses = Array.from({ length: rng.int(1, 3) }, () => rng.pick(CLAUSES));
  let text = rng.next() < 0.35 ? `${rng.pick(OPENINGS)}, ${clauses[0]}` : clauses[0];
  for (let i = 1; i < clauses.length; i++) text += `, ${rng.pick(LINKS)} ${clauses[i]}`;
  return `${capital(text)}${rng.next() < 0.1 ? '?' : '.'}`;
}

/** An interview's script: speakers and turns of sentences. */
function script(seed) {
  const rng = random(seed);
  const turns = [];
  const questions = [...QUESTIONS].sort(() => rng.next() - 0.5);
  for (const question of questions) {
    turns.push({ speaker: 'interviewer', sentences: [question] });
    turns.push({ speaker: 'participant', sentences: Array.from({ length: rng.int(1, 7) }, () => sentence(rng)) });
  }
  turns.push({ speaker: 'interviewer', sentences: [CLOSING] });
  return turns;
}

// ---------------------------------------------------------------------------------------------------------------
// How long espeak-ng takes to say each word, at each rate: each distinct word once, measured in its WAV.

const cacheDir = join(root, '.cache/bench-quote-moments');
const wordKey = (word) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Sounding stretches of a 16-bit mono WAV: [start, end] seconds, split at silences longer than `gap` seconds. */
function soundingStretches(wav, gap = 0.25) {
  const rate = wav.readUInt32LE(24);
  let data = 12;
  while (data < wav.length && wav.toString('ascii', data, data + 4) !== 'data') data += 8 + wav.readUInt32LE(data + 4);
  const start = data + 8;
  const samples = Math.floor((wav.length - start) / 2);
  const window = Math.round(rate * 0.01);
  const stretches = [];
  let from = -1;
  let last = -1;
  for (let i = 0; i < samples; i += window) {
    let peak = 0;
    for (let k = i; k < Math.min(samples, i + window); k++) peak = Math.max(peak, Math.abs(wav.readInt16LE(start + 2 * k)));
    if (peak <= 500) continue;
    if (from < 0) from = i;
    else if ((i - last) / rate > gap) {
      stretches.push([from / rate, (last + window) / rate]);
      from = i;
    }
    last = i;
  }
  if (from >= 0) stretches.push([from / rate, (last + window) / rate]);
  return stretches;
}

/** Seconds each word takes at `rate`, measured from espeak-ng's speech (cached by the word list and rate). */
function wordDurations(words, rate) {
  const key = createHash('sha256').update(`${rate}\n${words.join('\n')}`).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `durations-${rate}-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  mkdirSync(cacheDir, { recursive: true });
  const durations = {};
  const wavPath = join(cacheDir, `words-${rate}.wav`);
  const batch = 40;
  for (let i = 0; i < words.length; i += batch) {
    const part = words.slice(i, i + batch);
    const ssml = `<speak>${part.join('<break time="700ms"/>')}</speak>`;
    execFileSync('espeak-ng', ['-m', '-s', String(rate), '-w', wavPath, ssml]);
    const stretches = soundingStretches(readFileSync(wavPath));
    if (stretches.length === part.length) {
      part.forEach((word, k) => (durations[word] = stretches[k][1] - stretches[k][0]));
      continue;
    }
    for (const word of part) {
      execFileSync('espeak-ng', ['-s', String(rate), '-w', wavPath, word]);
      const alone = soundingStretches(readFileSync(wavPath), 10);
      durations[word] = alone.length > 0 ? alone[alone.length - 1][1] - alone[0][0] : 0.3;
    }
  }
  writeFileSync(cached, JSON.stringify(durations));
  return durations;
}

function espeakVersion() {
  try {
    return execFileSync('espeak-ng', ['--version'], { encoding: 'utf8' }).trim().replace(/\s+Data at:.*$/s, '');
  } catch {
    console.error('espeak-ng is missing: install it (apt-get install -y espeak-ng; scripts/setup.sh does).');
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The interview spoken: every word's start and end.

/** Lays the script out in time; each speaker at a rate of their own. Returns turns of sentences of timed words. */
function speak(turns, seed, durations) {
  const rng = random(seed * 7919);
  const rate = { interviewer: rng.pick(RATES), participant: rng.pick(RATES) };
  const tempo = { interviewer: rng.between(0.9, 1.1), participant: rng.between(0.85, 1.2) };
  const thinker = rng.between(0.05, 0.2); // how often the participant stops to think mid-answer
  let t = rng.between(0.5, 3);
  const spoken = turns.map((turn, index) => {
    if (index > 0) t += turn.speaker === 'participant' && rng.next() < 0.25 ? rng.between(1.5, 4) : rng.between(0.3, 1.2);
    const sentences = turn.sentences.map((text, k) => {
      if (k > 0) t += rng.next() < thinker ? rng.between(2, 7) : rng.between(0.25, 0.9);
      const drift = rng.between(0.85, 1.15); // a sentence said faster or slower than the speaker's usual
      const words = text.split(' ').map((raw) => {
        const start = t;
        const end = start + durations[rate[turn.speaker]][wordKey(raw)] * tempo[turn.speaker] * drift * rng.between(0.9, 1.1);
        t = end + (/,$/.test(raw) ? rng.between(0.12, 0.4) : rng.between(0.02, 0.12));
        return { text: raw, start, end };
      });
      t = words[words.length - 1].end;
      return { text, words };
    });
    return { speaker: turn.speaker, sentences };
  });
  return { turns: spoken, duration: t + 2 };
}

// ---------------------------------------------------------------------------------------------------------------
// The exports.

const NAMES = { interviewer: 'Jordan Lee', participant: 'Sam Rivera' };
const two = (n) => String(n).padStart(2, '0');
function clock(seconds, { ms = true, hours = true } = {}) {
  const whole = Math.floor(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const base = hours ? `${two(h)}:${two(m)}:${two(s)}` : `${h > 0 ? `${h}:${two(m)}` : m}:${two(s)}`;
  return ms ? `${base}.${String(Math.floor((seconds - whole) * 1000)).padStart(3, '0')}` : base;
}
const wordsOf = (turn) => turn.sentences.flatMap((s) => s.words);
const textOf = (words) => words.map((w) => w.text).join(' ');

/** Zoom: `Name: words` cues of one speaker, cut after about 3–6 s, at a sentence end past 2 s, or at a pause. */
function zoomVtt(spoken, rng) {
  const cues = [];
  for (const turn of spoken.turns) {
    const words = wordsOf(turn);
    let i = 0;
    while (i < words.length) {
      const limit = rng.between(3, 6);
      let j = i;
      while (j + 1 < words.length) {
        const length = words[j].end - words[i].start;
        if (words[j + 1].end - words[i].start > limit || words[j + 1].start - words[j].end > 1.2) break;
        if (/[.?!]$/.test(words[j].text) && length > 2) break;
        j++;
      }
      cues.push(`${cues.length + 1}\n${clock(words[i].start)} --> ${clock(words[j].end)}\n${NAMES[turn.speaker]}: ${textOf(words.slice(i, j + 1))}`);
      i = j + 1;
    }
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Otter: `Name  m:ss` over each paragraph (to the second); a long answer in paragraphs of 2–4 sentences. */
function otterTxt(spoken, rng) {
  const paragraphs = [];
  for (const turn of spoken.turns) {
    for (let i = 0; i < turn.sentences.length; ) {
      const n = rng.int(2, 4);
      const group = turn.sentences.slice(i, i + n);
      paragraphs.push(`${NAMES[turn.speaker]}  ${clock(group[0].words[0].start, { ms: false, hours: false })}\n${group.map((s) => s.text).join(' ')}`);
      i += n;
    }
  }
  return `${paragraphs.join('\n\n')}\n\nTranscribed by https://otter.ai\n`;
}

/** One line a turn, its time to the second: `[hh:mm:ss] Name: words`. */
function plainTxt(spoken) {
  return `${spoken.turns.map((turn) => `[${clock(turn.sentences[0].words[0].start, { ms: false })}] ${NAMES[turn.speaker]}: ${textOf(wordsOf(turn))}`).join('\n')}\n`;
}

/** As Verbatim writes a Gemini transcription: a cue a sentence, times to the second, back to back. */
function geminiVtt(spoken) {
  const sentences = spoken.turns.flatMap((turn) => turn.sentences.map((s) => ({ speaker: turn.speaker, text: s.text, start: Math.floor(s.words[0].start) })));
  const cues = [];
  for (const s of sentences) {
    const previous = cues[cues.length - 1];
    if (previous && previous.speaker === s.speaker && s.start <= previous.start) previous.text += ` ${s.text}`;
    else cues.push({ ...s, start: Math.max(s.start, (previous?.start ?? -1) + 0.001) });
  }
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${clock(c.start)} --> ${clock(cues[i + 1]?.start ?? Math.ceil(spoken.duration))}\n<v ${NAMES[c.speaker]}>${c.text}`).join('\n\n')}\n`;
}

const LAYOUTS = [
  { name: 'Zoom .vtt (cues of 3–6 s)', file: 'zoom.vtt', write: zoomVtt, cues: true },
  { name: 'Gemini transcription (a cue a sentence)', file: 'gemini.vtt', write: geminiVtt, cues: true },
  { name: 'Otter .txt (a time per paragraph)', file: 'otter.txt', write: otterTxt, cues: false },
  { name: 'a time per turn (.txt)', file: 'plain.txt', write: plainTxt, cues: false },
];

// ---------------------------------------------------------------------------------------------------------------
// Quotes and their errors.

/** Every spoken word's offset in the parsed text, found in order. */
function wordOffsets(parsed, spoken) {
  const offsets = [];
  let from = 0;
  for (const turn of spoken.turns) {
    for (const word of wordsOf(turn)) {
      const at = parsed.text.indexOf(word.text, from);
      if (at < 0) throw new Error(`"${word.text}" is not in the parsed text after ${from}`);
      offsets.push({ word, start: at, end: at + word.text.length, speaker: turn.speaker });
      from = at + word.text.length;
    }
  }
  return offsets;
}

/** Quotes as participant word spans: a clause, a sentence, or two sentences, of 5 to 40 words (indices into words). */
function drawQuotes(spoken, rng, count) {
  const spans = [];
  let index = 0;
  const candidates = [];
  for (const turn of spoken.turns) {
    const first = index;
    const sentenceStarts = [];
    for (const s of turn.sentences) {
      sentenceStarts.push(index);
      index += s.words.length;
    }
    if (turn.speaker !== 'participant') continue;
    candidates.push({ first, end: index, sentenceStarts });
  }
  while (spans.length < count) {
    const turn = rng.pick(candidates);
    const k = rng.int(0, turn.sentenceStarts.length - 1);
    const from = turn.sentenceStarts[k];
    const to = turn.sentenceStarts[k + 1] ?? turn.end;
    const roll = rng.next();
    let span;
    if (roll < 0.4) span = [from, to];
    else if (roll < 0.6 && k + 2 <= turn.sentenceStarts.length) span = [from, turn.sentenceStarts[k + 2] ?? turn.end];
    else {
      // A clause: from a word after a comma (or the sentence's start) to the next comma or the sentence's end.
      const words = spoken.flat.slice(from, to);
      const cuts = [0, ...words.flatMap((w, i) => (/,$/.test(w.text) ? [i + 1] : [])), words.length];
      const c = rng.int(0, cuts.length - 2);
      span = [from + cuts[c], from + cuts[c + 1]];
    }
    const length = span[1] - span[0];
    if (length >= 5 && length <= 40) spans.push(span);
  }
  return spans;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** `bare`: the moments from the turns and marks alone, without the text or the recording's length. */
async function measure(layout, interviews, { bare = false } = {}) {
  const start = [];
  const end = [];
  const old = [];
  const extra = [];
  let held = 0;
  let total = 0;
  for (const { spoken, quotes, seed } of interviews) {
    const written = layout.write(spoken, random(seed * 31 + layout.file.length));
    const parsed = await parseTranscript({ bytes: new Uint8Array(Buffer.from(written, 'utf8')), fileName: layout.file });
    const marks = parsed.timeMarks ?? [];
    const offsets = wordOffsets(parsed, spoken);
    const context = bare ? {} : { text: parsed.text, duration: spoken.duration };
    for (const [from, to] of quotes) {
      const first = offsets[from];
      const last = offsets[to - 1];
      const span = { start: first.start, end: last.end };
      const moments = quoteMoments(span, parsed.turns, marks, context);
      const clip = quoteClipBounds(span, parsed.turns, marks, context);
      total++;
      if (!moments || !clip) continue;
      start.push(Math.abs(moments.start - first.word.start));
      end.push(Math.abs(moments.end - last.word.end));
      old.push(Math.abs(momentAt(span.start, parsed.turns[turnIndexAt(parsed.turns, span.start)], marks) - first.word.start));
      extra.push(clip.end - clip.start - (last.word.end - first.word.start));
      if (clip.start <= first.word.start + 1e-6 && clip.end >= last.word.end - 1e-6) held++;
    }
  }
  return { start, end, old, extra, held, total };
}

// ---------------------------------------------------------------------------------------------------------------

const scripts = SEEDS.map((seed) => ({ seed, turns: script(seed) }));
const vocabulary = [...new Set(scripts.flatMap((s) => s.turns.flatMap((t) => t.sentences.flatMap((x) => x.split(' ').map(wordKey)))))].filter(Boolean).sort();
const version = espeakVersion();
const began = Date.now();
const durations = Object.fromEntries(RATES.map((rate) => [rate, wordDurations(vocabulary, rate)]));
const interviews = scripts.map(({ seed, turns }) => {
  const spoken = speak(turns, seed, durations);
  spoken.flat = spoken.turns.flatMap(wordsOf);
  return { seed, spoken, quotes: drawQuotes(spoken, random(seed * 131), QUOTES_PER_INTERVIEW) };
});

const minutes = interviews.map((i) => i.spoken.duration / 60);
console.log(
  `${interviews.length} interviews (seeds ${SEEDS.join(', ')}${SEEDS === TUNING_SEEDS ? ': the tuning seeds' : ''}), ` +
    `${minutes.map((m) => m.toFixed(1)).join(', ')} minutes; ${vocabulary.length} distinct words spoken by ${version} at ${RATES.join('/')} words a minute ` +
    `(${((Date.now() - began) / 1000).toFixed(1)} s); ${QUOTES_PER_INTERVIEW} quotes each.`,
);
const s = (x) => `${x.toFixed(2)} s`;
console.log('layout                                     start median / p95    end median / p95    clips holding all words   clip − words median / p95   old start median / p95');
for (const layout of LAYOUTS) {
  const m = await measure(layout, interviews);
  const held = `${m.held}/${m.total} (${((100 * m.held) / m.total).toFixed(1)}%)`;
  console.log(
    `${layout.name.padEnd(42)} ${`${s(quantile(m.start, 0.5))} / ${s(quantile(m.start, 0.95))}`.padEnd(21)} ${`${s(quantile(m.end, 0.5))} / ${s(quantile(m.end, 0.95))}`.padEnd(19)} ` +
      `${held.padEnd(25)} ${`${s(quantile(m.extra, 0.5))} / ${s(quantile(m.extra, 0.95))}`.padEnd(27)} ${s(quantile(m.old, 0.5))} / ${s(quantile(m.old, 0.95))}`,
  );
  const over = (values) => quantile(values, 0.5) > 0.7 || quantile(values, 0.95) > 2;
  if (layout.cues && (over(m.start) || over(m.end))) console.log(`  ✗ ${layout.name}: over the goal (median ≤ 0.7 s, p95 ≤ 2 s)`);
  if (m.held < m.total) console.log(`  ✗ ${layout.name}: ${m.total - m.held} clips miss some of their words`);
}
// A caller with only the turns and marks (no text, no recording length): how many clips still hold their words.
const bare = [];
for (const layout of LAYOUTS) {
  const m = await measure(layout, interviews, { bare: true });
  bare.push(`${layout.file} ${m.held}/${m.total}, start median / p95 ${s(quantile(m.start, 0.5))} / ${s(quantile(m.start, 0.95))}`);
}
console.log(`Without the text and the recording's length, clips holding all words: ${bare.join('; ')}.`);

// ---------------------------------------------------------------------------------------------------------------
// Clip-cutting cost (bench/lib/clip-cost.mjs, when it exists): the time and bytes read to cut a clip.
if (!process.env.QUOTE_MOMENTS_TIMES_ONLY && existsSync(new URL('./lib/clip-cost.mjs', import.meta.url))) await import('./lib/clip-cost.mjs').then((m) => m.run?.());
