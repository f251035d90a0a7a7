// Automatic captions of a real talk, made from a transcript the tool wrote with a time per utterance
// (`[Speaker N] [mm:ss] text`, fixtures/exports/whisperdiar_*): the same words and times, in the layouts speech
// recognition writes captions without punctuation. Used by the exports test and `npm run bench -- exports-ingestion`
// to compare what is found in a talk with and without punctuation. No licensed long auto-caption file could be found;
// this is a mechanical conversion of an MIT-licensed one (see fixtures/exports/MANIFEST.md).
//
//   captions(source, 'punctuated')  WebVTT, cues of 7 words, no speakers, punctuation and case as written
//   captions(source, 'plain')       the same cues lower case, without punctuation (YouTube's or Zoom's auto-captions)
//   captions(source, 'rolling')     YouTube's rolling layout as youtube-dl saves it: each cue repeats the line before,
//                                   its new words timed one by one (`word<00:00:01.100><c> next</c>`), a 10 ms cue between
//
// Each utterance's cues share its time until the next utterance, less a pause of `PAUSE` seconds: the speaker stops
// where the tool ended the utterance (an utterance given the same second as the one before follows it at once).

const WORDS_PER_CUE = 7;
const PAUSE = 0.8;

/** The utterances of a `[Speaker N] [mm:ss] text` transcript, in seconds. */
export function utterances(source) {
  return source
    .split('\n')
    .map((line) => /^\[[^\]]+\] \[(?:(\d+):)?(\d+):(\d+)\] (.*)$/.exec(line))
    .filter(Boolean)
    .map((m) => ({ at: Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]), text: m[4] }));
}

/** Speech as recognised without punctuation: no sentence marks, lower case but the pronoun "I". */
export function unpunctuated(text) {
  return text
    .replace(/[.,?!;:"“”…]+(?=\s|$)/g, '')
    .replace(/(^|\s)["“(]+/g, '$1')
    .toLowerCase()
    .replace(/\bi\b(?=$|\s|')/g, 'I')
    .replace(/\s+/g, ' ')
    .trim();
}

function clock(seconds) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = (seconds % 60).toFixed(3).padStart(6, '0');
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s}`;
}

export function captions(source, layout) {
  const said = utterances(source);
  let vtt = 'WEBVTT\nKind: captions\nLanguage: en\n\n';
  let shown = ' ';
  // Where the tool gives two utterances one second, the second follows the first.
  let free = 0;
  said.forEach((utterance, i) => {
    const words = (layout === 'punctuated' ? utterance.text : unpunctuated(utterance.text)).split(/\s+/).filter(Boolean);
    const cues = Math.ceil(words.length / WORDS_PER_CUE);
    const at = Math.max(utterance.at, free);
    const next = said[i + 1]?.at ?? at + 5;
    const span = Math.max(0.3 * cues, next - at - PAUSE);
    free = at + span + 0.05;
    for (let k = 0; k < cues; k++) {
      const from = at + (span * k) / cues;
      const to = at + (span * (k + 1)) / cues;
      const cueWords = words.slice(k * WORDS_PER_CUE, (k + 1) * WORDS_PER_CUE);
      if (layout !== 'rolling') {
        vtt += `${clock(from)} --> ${clock(to)}\n${cueWords.join(' ')}\n\n`;
        continue;
      }
      // A word takes an even share of the cue's first 80%: the last is said before the cue ends.
      const step = ((to - from) * 0.8) / cueWords.length;
      const timed = cueWords.map((word, j) => (j === 0 ? word : `<${clock(from + j * step)}><c> ${word}</c>`)).join('');
      const start = i === 0 && k === 0 ? from : from + 0.01;
      vtt += `${clock(start)} --> ${clock(to)} align:start position:0%\n${shown}\n${timed}\n\n`;
      shown = cueWords.join(' ');
      vtt += `${clock(to)} --> ${clock(to + 0.01)} align:start position:0%\n${shown}\n \n\n`;
    }
  });
  return vtt;
}
