/**
 * A heard conversation written as WebVTT, one cue a sentence with its speaker as a `<v>` voice and its real times, so
 * it is read by the same parser as an uploaded caption file (turns, speakers, words, language, who asks, and a time
 * mark a sentence: the parser keeps one voice's consecutive cues in one turn). A cue ends where the next begins (the
 * last at the recording's end). A sentence whose time is not after the cue before it, or not before the next turn's,
 * is written in the cue before it: cues stay in the order said. Pure.
 */
import type { HeardSentence, HeardTurn } from './transcription-answer';

/** "01:05:09.250" */
function cueTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

/** Cue text: one line, with the characters WebVTT reserves written as references. */
function cueText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A voice's name as a `<v>` tag can hold it. */
function voiceName(label: string): string {
  return label.replace(/[<>&\s]+/g, ' ').trim() || 'Unknown speaker';
}

/** The turn's cues: its sentences from its start, each later than the one before and before `next`. */
function turnCues(turn: HeardTurn, next: number): HeardSentence[] {
  const cues: HeardSentence[] = [];
  for (const sentence of turn.sentences ?? [{ start: turn.start, text: turn.text }]) {
    const last = cues[cues.length - 1];
    if (!last) cues.push({ start: turn.start, text: sentence.text });
    else if (sentence.start > last.start && sentence.start < next) cues.push({ ...sentence });
    else last.text = `${last.text} ${sentence.text}`;
  }
  return cues;
}

export function renderWebVtt(turns: readonly HeardTurn[], durationSeconds: number): string {
  const cues: string[] = [];
  // The reader sorts cues by their start: each starts a millisecond after the one before at the least (two turns
  // heard in one second, or a turn heard as starting a little before the one before it), so none changes place.
  let previous = -1;
  turns.forEach((turn, i) => {
    const next = turns[i + 1]?.start ?? durationSeconds;
    const sentences = turnCues(turn, next);
    sentences.forEach((sentence, k) => {
      const start = Math.max(sentence.start, previous + 0.001);
      const end = Math.max(k + 1 < sentences.length ? sentences[k + 1].start : Math.max(next, sentence.start + 1), start);
      previous = start;
      cues.push(`${cues.length + 1}\n${cueTime(start)} --> ${cueTime(end)}\n<v ${voiceName(turn.speaker)}>${cueText(sentence.text)}`);
    });
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
