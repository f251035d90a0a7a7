// Checks of a transcript export as read by Verbatim, against the export file itself: who said each quoted word is
// read from the file's own labels by a reader that shares no code with the product's parser (a line-by-line pass
// with the fixture's label pattern). Used by the exports test and by `npm run bench -- exports-ingestion`.

/** Words of a text, lower case, for matching a quote against the file. */
export function wordsOf(text) {
  return text.toLowerCase().normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

const TIMING = /-->/;
const CUE_NUMBER = /^\s*\d+\s*$/;
const LONE_CLOCK = /^\s*[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?\s*$/;
const WEBVTT_HEADER = /^(?:WEBVTT|Kind:|Language:)/;

/** The name a label is written with, without what a meeting tool adds after it ("(Besu)", "| Org") or bold marks. */
export function bareName(written) {
  return written.replace(/\*\*/g, '').replace(/\s*\([^)]*\)\s*$/, '').replace(/\s*\|.*$/, '').trim();
}

/**
 * The file read as a stream of words, each with its speaker: `labelPattern` (a regular expression source with the
 * written name in group 1) opens a speaker's words; lines of caption timing, cue numbers and lone clocks carry none.
 * Without a pattern every word is `unlabelled`'s.
 */
export function speakerWords(raw, labelPattern, unlabelled = 'Unknown speaker') {
  const label = labelPattern ? new RegExp(labelPattern, 'u') : null;
  const words = [];
  const speakers = [];
  const written = new Set();
  let speaker = unlabelled;
  // Rolling captions show each line twice or three times, in the cues that follow: it is said once.
  const captions = raw.includes('-->');
  let lastLine = '';
  for (const line of raw.replace(/\r\n?/g, '\n').split('\n')) {
    if (TIMING.test(line) || CUE_NUMBER.test(line) || LONE_CLOCK.test(line) || WEBVTT_HEADER.test(line)) continue;
    if (captions && line.trim() !== '') {
      const bare = line.replace(/<[^>]*>/g, '').trim();
      if (bare === lastLine) continue;
      lastLine = bare;
    }
    let speech = line;
    const m = label?.exec(line);
    if (m) {
      written.add(m[1].trim());
      speaker = bareName(m[1]);
      speech = line.slice(m[0].length);
    }
    // Caption markup (`<c>`, `<00:00:01.100>`) is not words.
    if (speech.includes('<')) speech = speech.replace(/<[^>]*>/g, ' ');
    for (const word of wordsOf(speech)) {
      words.push(word);
      speakers.push(speaker);
    }
  }
  return { words, speakers, written: [...written] };
}

/** Who said the quote, as the file says: the speakers of every place its first words occur. */
export function saidBy(stream, quote) {
  const needle = wordsOf(quote).slice(0, 8);
  const found = new Set();
  if (needle.length === 0) return found;
  outer: for (let i = 0; i + needle.length <= stream.words.length; i++) {
    for (let k = 0; k < needle.length; k++) if (stream.words[i + k] !== needle[k]) continue outer;
    found.add(stream.speakers[i]);
  }
  return found;
}

const STAMP_AT_LINE_START = /^\s*[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]?(?:\s|$)/;
/** A caption's counter left as a line of its own. */
const COUNTER_LINE = /^\s*\d{1,6}\s*$/;
/** A quote that opens on a mark or a time, not on the speaker's words (":", "0:04 "). */
const MARK_START = /^(?:[:;,.)\]|>]|\d{1,2}:\d{2}\b)/;
const BRACKETED_STAMP = /[[(]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?[\])]/;

/**
 * The checks a researcher would make on one export: the speakers and their roles, the turns, the timestamps kept,
 * no label or timestamp inside the words of any turn, and each quote credited to the one who said it.
 */
export function checkExport({ raw, parsed, insights, expected }) {
  const stream = speakerWords(raw, expected.labelPattern);
  const labels = parsed.speakers.map((s) => s.label);
  const roles = Object.fromEntries(parsed.speakers.map((s) => [s.label, s.role]));
  const wrongRoles = Object.entries(expected.roles ?? {})
    .filter(([label, role]) => roles[label] !== role)
    .map(([label, role]) => `${label}: ${roles[label] ?? 'missing'}, not ${role}`);
  const writtenLabels = stream.written.filter((name) => name.length >= 3);
  const labelsInText = [];
  const stampsInText = [];
  const countersInText = [];
  for (const turn of parsed.turns) {
    const text = parsed.text.slice(turn.start, turn.end);
    for (const name of writtenLabels) if (text.includes(`${name}:`)) labelsInText.push(`${turn.speaker}: “${name}:”`);
    for (const line of text.split('\n')) {
      if (STAMP_AT_LINE_START.test(line) || BRACKETED_STAMP.test(line) || line.includes('-->')) stampsInText.push(`${turn.speaker}: “${line.slice(0, 60)}”`);
      if (COUNTER_LINE.test(line)) countersInText.push(`${turn.speaker}: “${line.trim()}”`);
    }
  }
  const quotes = insights.flatMap((insight) => insight.quotes);
  const markStarts = quotes.filter((quote) => MARK_START.test(quote.text)).map((quote) => `“${quote.text.slice(0, 60)}”`);
  const misattributed = [];
  const unfound = [];
  for (const quote of quotes) {
    const by = saidBy(stream, quote.text);
    if (by.size === 0) unfound.push(quote.text.slice(0, 60));
    else if (!by.has(quote.speaker)) misattributed.push(`“${quote.text.slice(0, 60)}” credited to ${quote.speaker}, said by ${[...by].join(' or ')}`);
  }
  return {
    labels,
    missingSpeakers: (expected.speakers ?? []).filter((label) => !labels.includes(label)),
    extraSpeakers: labels.filter((label) => expected.speakers && !expected.speakers.includes(label)),
    wrongRoles,
    turns: parsed.turns.length,
    timeMarks: (parsed.timeMarks ?? []).length,
    asksAboutRoles: parsed.rolesQuestion !== undefined,
    labelsInText,
    stampsInText,
    countersInText,
    markStarts,
    quotes: quotes.length,
    misattributed,
    unfound,
  };
}
