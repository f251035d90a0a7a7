/**
 * Reading Gemini's answer for one part of a recording: the JSON in its schema (json-answer.ts), then what the words
 * and times must be. Pure.
 *
 * - A turn comes as its sentences, each with the time its first word is said. A sentence with no word in it (only
 *   "[music]", "(inaudible)", punctuation) is left out, and so is a turn left without any.
 * - Every time is read ("01:05:09", "65:09", "309.5"); one that cannot be read, or that is past the recording's end,
 *   makes the answer unusable, and so do turns whose times go back by more than `BACKWARDS_SECONDS`. A turn starts
 *   when its first sentence does; a later sentence timed before the one before it is said at that one's time.
 * - A turn that starts before the part asked for is the end of the part before's last turn, and one that starts after
 *   it belongs to the next part: both are left out (the part that holds them transcribes them). When most turns fall
 *   outside while they would fit if counted from the part's start, the answer counted from the clip it was given
 *   (a video's clip, or the part's own sound): its times are moved by the clip's start. Otherwise an answer with most of its turns outside is
 *   unusable: the model listened to another part.
 */
import { z } from '@verbatim/contract/zod';
import { answerLabel, answerList, answerObject, answerString, readJsonAnswer } from '../gemini/json-answer';
import { clockTime, readClockTime, type TimeWindow } from './windows';
import { TRANSCRIPTION_LIMITS, type HeardSpeaker } from './transcription-prompt';

/** Seconds a turn may start before the one before it (two people starting at once). */
export const BACKWARDS_SECONDS = 2;
/** Seconds a time may be past the part's or the recording's end, as a model rounds. */
export const SLACK_SECONDS = 2;
/** Turns one answer may hold (an hour's talk is some hundreds), and sentences one turn may. */
const MAX_TURNS = 5_000;
const MAX_SENTENCES = 2_000;

/** One sentence of a turn: when its first word is said (seconds from the recording's start), and its words. */
export interface HeardSentence {
  start: number;
  text: string;
}

export interface HeardTurn {
  speaker: string;
  /** Seconds from the recording's start. */
  start: number;
  /** The turn's words: its sentences' joined by a space. */
  text: string;
  /** Its sentences with their times, when the answer gave them (the first at `start`). */
  sentences?: HeardSentence[];
}

export interface HeardPart {
  speakers: HeardSpeaker[];
  turns: HeardTurn[];
  /** What the part's answer left out at its end, when it stopped well before the part did, twice (gemini-transcriber.ts). */
  missing?: TimeWindow;
}

const ANSWER_SCHEMA = answerObject({
  speakers: answerList(
    answerObject({
      label: answerLabel(TRANSCRIPTION_LIMITS.label),
      description: answerString().trim().max(TRANSCRIPTION_LIMITS.description),
    }),
    500,
  ),
  turns: answerList(
    answerObject({
      speaker: answerLabel(TRANSCRIPTION_LIMITS.label),
      sentences: answerList(answerObject({ start: answerString(), text: answerString() }), MAX_SENTENCES),
    }),
    MAX_TURNS,
  ),
});

type RawAnswer = z.infer<typeof ANSWER_SCHEMA>;

export type PartReading = { ok: true; part: HeardPart } | { ok: false; problem: string };

/** Words in a turn once sound descriptions in brackets are left out. */
function spokenWords(text: string): string {
  return text.replace(/\[[^\]]*\]/g, ' ').replace(/\s+/g, ' ').trim();
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text.replace(/\([^)]*\)/g, ' '));
}

/** The answer's turns with their times read; the first problem when one cannot be used. */
function readTimes(raw: RawAnswer, durationSeconds: number): { ok: true; turns: HeardTurn[] } | { ok: false; problem: string } {
  const turns: HeardTurn[] = [];
  for (const [index, turn] of raw.turns.entries()) {
    const sentences: HeardSentence[] = [];
    for (const [k, sentence] of turn.sentences.entries()) {
      const text = spokenWords(sentence.text);
      if (!hasWords(text)) continue;
      const where = `turns[${index}].sentences[${k}].start`;
      const start = readClockTime(sentence.start);
      if (start === null) return { ok: false, problem: `${where} "${sentence.start.slice(0, 40)}" is not a time` };
      if (start > durationSeconds + SLACK_SECONDS) {
        return { ok: false, problem: `${where} ${clockTime(start)} is past the recording's end at ${clockTime(durationSeconds)}` };
      }
      const before = sentences[sentences.length - 1];
      sentences.push({ start: Math.min(Math.max(start, before?.start ?? 0), durationSeconds), text });
    }
    if (sentences.length === 0) continue;
    const start = sentences[0].start;
    const previous = turns[turns.length - 1];
    if (previous && start < previous.start - BACKWARDS_SECONDS) {
      return { ok: false, problem: `turns[${index}] starts at ${clockTime(start)}, before the turn before it (${clockTime(previous.start)})` };
    }
    turns.push({ speaker: turn.speaker, start, text: sentences.map((s) => s.text).join(' '), sentences });
  }
  return { ok: true, turns };
}

/** The turn with every time moved by `seconds` (an answer counted from its clip). */
function moved(turn: HeardTurn, seconds: number): HeardTurn {
  return { ...turn, start: turn.start + seconds, sentences: turn.sentences?.map((s) => ({ ...s, start: s.start + seconds })) };
}

/** The turn said from `start` at the earliest (its times before it are read as `start`). */
function startingAt(turn: HeardTurn, start: number): HeardTurn {
  return { ...turn, start, sentences: turn.sentences?.map((s) => ({ ...s, start: Math.max(s.start, start) })) };
}

const inside = (window: TimeWindow) => (turn: HeardTurn) => turn.start >= window.start - SLACK_SECONDS && turn.start < window.end + SLACK_SECONDS;

/** Reads one part's answer (see the module comment); never throws. */
export function readPartAnswer(answerText: string | undefined, window: TimeWindow, durationSeconds: number, clipStart = window.start): PartReading {
  const reading = readJsonAnswer(ANSWER_SCHEMA, answerText);
  if (!reading.ok) return reading;
  const timed = readTimes(reading.value, durationSeconds);
  if (!timed.ok) return timed;
  let turns = timed.turns;
  const outside = turns.filter((turn) => !inside(window)(turn)).length;
  if (turns.length >= 2 && outside > turns.length / 2) {
    const fromClip = turns.map((turn) => moved(turn, clipStart));
    if (clipStart > 0 && fromClip.every(inside(window))) turns = fromClip;
    else return { ok: false, problem: `${outside} of its ${turns.length} turns start outside the part asked for (${clockTime(window.start)} to ${clockTime(window.end)})` };
  }
  turns = turns.filter(inside(window)).map((turn) => (turn.start < window.start ? startingAt(turn, window.start) : turn));
  const used = new Set(turns.map((turn) => turn.speaker));
  const speakers = reading.value.speakers.filter((speaker, i, all) => all.findIndex((s) => s.label === speaker.label) === i);
  // A label the turns use but the speakers do not describe is still a speaker of the part.
  for (const label of used) if (!speakers.some((s) => s.label === label)) speakers.push({ label, description: '' });
  return { ok: true, part: { speakers: speakers.filter((s) => used.has(s.label)), turns } };
}
