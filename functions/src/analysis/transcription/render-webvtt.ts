/**
 * A heard conversation written as WebVTT, one cue a turn with its speaker as a `<v>` voice and its real times, so it is
 * read by the same parser as an uploaded caption file (turns, speakers, time marks, words, language, who asks). A cue
 * ends where the next begins (the last at the recording's end). Pure.
 */
import type { HeardTurn } from './transcription-answer';

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

export function renderWebVtt(turns: readonly HeardTurn[], durationSeconds: number): string {
  const cues = turns.map((turn, i) => {
    const next = turns[i + 1]?.start ?? durationSeconds;
    const end = Math.max(next, turn.start + 1);
    return `${i + 1}\n${cueTime(turn.start)} --> ${cueTime(end)}\n<v ${voiceName(turn.speaker)}>${cueText(turn.text)}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
