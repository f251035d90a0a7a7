// One real talk written out in each layout of the recording tools whose exports no licensed example could be found
// for (fixtures/exports/MANIFEST.md): the same speakers, words and times as the tool-written transcript it is made
// from (`[Speaker N] [mm:ss] text`, fixtures/exports/whisperdiar_*, MIT), mechanically, so what a layout leaves in
// the words, or whom it credits, shows against the same talk read from its own file. Used by the exports test and by
// `npm run bench -- exports-ingestion`.

/** The talk's utterances: speaker, seconds from the start, words. */
export function talkOf(source) {
  return source
    .split('\n')
    .map((line) => /^\[([^\]]+)\] \[(?:(\d+):)?(\d+):(\d+)\] (.*)$/.exec(line))
    .filter(Boolean)
    .map((m) => ({ speaker: m[1], at: Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4]), text: m[5] }));
}

const two = (n) => String(n).padStart(2, '0');
/** "1:02:03" / "2:03" as Otter writes it, or "01:02:03" as a clock or caption writes it (`padded`). */
function time(seconds, padded) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = Math.floor(seconds % 60);
  if (padded) return `${two(h)}:${two(m)}:${two(s)}`;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A turn's sentences, each with its share of the time to the next turn (Otter writes a time before each line). */
function timedSentences(utterance, next) {
  const sentences = utterance.text.split(/(?<=[.!?])\s+/).filter(Boolean);
  const span = Math.max(1, (next ?? utterance.at + 5) - utterance.at);
  return sentences.map((text, i) => ({ at: utterance.at + Math.floor((span * i) / sentences.length), text }));
}

/** "00:01:02,500", as SubRip writes a time. */
const srtTime = (seconds) => `${time(Math.floor(seconds), true)},${String(Math.round((seconds % 1) * 1000) % 1000).padStart(3, '0')}`;

/**
 * A cue per utterance, numbered from 124, each blank line two spaces; an utterance given the same second as the one
 * before starts just after it, so the cues keep the talk's order.
 */
function srtCues(talk) {
  let free = 0;
  return talk.flatMap((u, i) => {
    const start = Math.max(u.at, free);
    const end = Math.max(start + 0.5, (talk[i + 1]?.at ?? u.at + 5) - 0.5);
    free = end + 0.01;
    return [`${124 + i}  `, `${srtTime(start)} --> ${srtTime(end)}`, `${u.speaker}: ${u.text}`, '  '];
  });
}

const CLOCK_START = 19 * 3600 + 29 * 60 + 5; // Zoom's saved captions write the time of day: 19:29:05 onwards

/**
 * The layouts, each `{ id, tool, fileName, text, labelPattern }`; `labelPattern` opens a speaker's words in `text` (the
 * written name in group 1) for `export-checks.mjs`.
 */
export function layoutsOf(source) {
  const talk = talkOf(source);
  const speakers = [...new Set(talk.map((u) => u.speaker))];
  const lines = (parts) => parts.join('\n');
  return [
    {
      id: 'zoom-cc',
      tool: 'Zoom saved captions ([Name] HH:MM:SS)',
      fileName: 'closed_caption.txt',
      labelPattern: String.raw`^\[([^\]]+)\] \d{2}:\d{2}:\d{2}\s*$`,
      text: lines(talk.flatMap((u) => [`[${u.speaker}] ${time(CLOCK_START + u.at, true)}`, u.text, ''])),
    },
    {
      id: 'otter-timed-lines',
      tool: 'Otter, a time before every line',
      fileName: 'otter-timed.txt',
      labelPattern: String.raw`^(.+?)\s{2}\d{1,2}:\d{2}(?::\d{2})?\s*$`,
      text: lines([
        ...talk.flatMap((u, i) => {
          const header = i === 0 || talk[i - 1].speaker !== u.speaker ? [`${u.speaker}  ${time(u.at)}`] : [];
          const end = i + 1 < talk.length && talk[i + 1].speaker !== u.speaker ? [''] : [];
          return [...header, ...timedSentences(u, talk[i + 1]?.at).map((s) => `${time(s.at)} ${s.text}`), ...end];
        }),
        '',
        'Transcribed by https://otter.ai',
      ]),
    },
    {
      id: 'rev-continuation',
      tool: 'Rev, "(mm:ss):" continuing a speaker',
      fileName: 'rev.txt',
      labelPattern: String.raw`^(.+?) \(\d{1,2}:\d{2}(?::\d{2})?\):\s*$`,
      text: lines(talk.flatMap((u, i) => [i > 0 && talk[i - 1].speaker === u.speaker ? `(${time(u.at)}):` : `${u.speaker} (${time(u.at)}):`, u.text, ''])),
    },
    {
      id: 'srt-space-blanks',
      tool: 'SRT, counters from 124, blank lines of spaces',
      fileName: 'captions.srt',
      labelPattern: String.raw`^([^:\n]{1,60}?):\s`,
      text: lines(srtCues(talk)),
    },
    {
      id: 'org-labels',
      tool: 'Markdown, **Name - Org:** labels',
      fileName: 'call.md',
      labelPattern: String.raw`^\*\*(.+?) - [^:*]+:\*\*`,
      text: lines(talk.flatMap((u) => [`**${u.speaker} - Oxide:** ${u.text}`, ''])),
    },
    {
      id: 'meeting-heading',
      tool: 'Meeting with a title, attendees and closing line',
      fileName: 'meeting.txt',
      labelPattern: String.raw`^([^:\n]{1,60}?):\s`,
      text: lines([
        'Oxide and Friends (2023-03-13 17:00 GMT-7) - Transcript',
        'Attendees',
        speakers.join(', '),
        '',
        ...talk.map((u) => `${u.speaker}: ${u.text}`),
        `Meeting ended after ${time(talk[talk.length - 1].at + 9, true)} 👋`,
      ]),
    },
  ];
}
