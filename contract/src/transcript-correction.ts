/**
 * The researcher's corrections of an interview's transcript: a turn's words, a speaker's name. Every stored quote of
 * the interview is re-anchored by the server so it stays the exact span of the transcript as it now reads. Limits,
 * the sentences a researcher reads and the API's wire types; pure TypeScript, shared by the server and the web client.
 *
 *   PATCH /projects/{p}/documents/{d}/transcript
 *     {transcriptVersion, turns?: [{index, text}], speakers?: [{from, to}]} → TranscriptCorrectionResult
 */
import type { InterviewStatus } from './project';

/** The longest speaker name, in characters. */
export const MAX_SPEAKER_NAME_LENGTH = 80;

/**
 * The largest correction request, in bytes: room for the longest turn of the longest transcript (an unlabelled
 * transcript is one turn, and a turn is sent whole).
 */
export const MAX_CORRECTION_BODY_BYTES = 4 * 1024 * 1024;

/** The most turns one correction may change. */
export const MAX_CORRECTED_TURNS = 500;

/** One turn's words as the researcher corrected them (`index` into the transcript's turns). */
export interface TurnCorrection {
  index: number;
  text: string;
}

/** A speaker renamed; renamed to another speaker's name, the two are merged. */
export interface SpeakerRename {
  from: string;
  to: string;
}

/** What a correction did to the quotes stored from the interview. */
export interface QuoteCorrectionCounts {
  /** Quotes whose place or words changed (their text is the corrected span). */
  changed: number;
  /** Quotes whose words were all deleted, or that became the interviewer's words through a merge. */
  removed: number;
  /** Insights left without any quote (kept, and marked so the researcher can give them a new one). */
  insightsWithoutQuotes: number;
}

/** Answer to a correction. */
export interface TranscriptCorrectionResult {
  /** The interview's new `transcriptVersion` (how many corrections it has had). */
  transcriptVersion: number;
  wordCount: number;
  quotes: QuoteCorrectionCounts;
}

/** The details of a 409 to a correction made from another version of the transcript. */
export interface TranscriptVersionNow {
  transcriptVersion: number;
}

/** Interviews whose transcript can be corrected now: read, and not being analysed. */
export function canCorrectTranscript(doc: { status: InterviewStatus; errorCode: string | null }): boolean {
  return (
    doc.status === 'awaiting-roles' ||
    doc.status === 'parsed' ||
    doc.status === 'ready' ||
    (doc.status === 'failed' && (doc.errorCode ?? '').startsWith('analysis-'))
  );
}

export const CORRECTION_MESSAGES = {
  versionNeeded:
    'A correction needs the transcriptVersion of the interview as you read it, so that a correction made meanwhile is not undone.',
  changedMeanwhile:
    'This transcript was changed meanwhile (in another tab or window), so your correction was not saved. Reload the page, then make your correction again.',
  nothingToCorrect: 'Nothing to correct: send turns, speakers or both.',
  analysing: 'This interview is being analysed. Wait until it is ready, then correct its transcript.',
  notRead: 'This interview’s transcript is still being read. Wait until it is ready, then correct it.',
  noTranscript: 'This interview has no transcript to correct: its file could not be read.',
  tooManyTurns: `One correction can change at most ${MAX_CORRECTED_TURNS} turns.`,
  tooLarge: `A correction can be at most ${MAX_CORRECTION_BODY_BYTES / 1024 / 1024} MB.`,
  noSuchTurn: (index: unknown) => `There is no turn ${typeof index === 'number' && Number.isInteger(index) ? index + 1 : String(index)} in this interview.`,
  turnTwice: (index: number) => `Turn ${index + 1} is corrected twice in one request; send it once.`,
  emptyTurn: (index: number) =>
    `Turn ${index + 1} would be empty. A turn cannot be emptied: keep at least one word.`,
  labelInTurn: (index: number, label: string) =>
    `Turn ${index + 1} has a line that starts with the speaker name ${label} and a colon, which would read as another speaker’s words. Each turn holds one speaker’s words: correct the words only, and rename speakers in the speakers list.`,
  tooManyWords: (words: number, limit: number) =>
    `With this correction the transcript would have ${words.toLocaleString('en-US')} words; the limit is ${limit.toLocaleString('en-US')}.`,
  noSuchSpeaker: (label: unknown) => `There is no speaker named ${String(label)} in this interview.`,
  speakerTwice: (label: string) => `${label} is renamed twice in one request; rename it once.`,
  speakerNameMissing: 'Please give the speaker a name.',
  speakerNameTooLong: `A speaker name can be at most ${MAX_SPEAKER_NAME_LENGTH} characters.`,
  speakerNameColon: 'A speaker name cannot contain a colon, which marks where a speaker’s words begin.',
} as const;

/** Trimmed, inner runs of blank space as one space: a speaker name as it is stored. */
export function cleanSpeakerName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** Why a speaker name is refused, or null (the web checks before calling, the server again). */
export function speakerNameError(name: string): string | null {
  const cleaned = cleanSpeakerName(name);
  if (cleaned === '') return CORRECTION_MESSAGES.speakerNameMissing;
  if (cleaned.length > MAX_SPEAKER_NAME_LENGTH) return CORRECTION_MESSAGES.speakerNameTooLong;
  if (cleaned.includes(':')) return CORRECTION_MESSAGES.speakerNameColon;
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The speaker name (of `names`, compared without regard to case) that starts a line of `text` followed by a colon, as
 * a transcript marks a new speaker's words ("Maria: yes, I …"); null when there is none.
 */
export function speakerLabelInText(text: string, names: readonly string[]): string | null {
  const usable = [...new Set(names.map(cleanSpeakerName).filter((n) => n !== ''))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) return null;
  const pattern = new RegExp(`^[ \\t]*(${usable.map(escapeRegExp).join('|')})[ \\t]*:`, 'imu');
  const found = pattern.exec(text);
  if (!found) return null;
  return usable.find((n) => n.toLowerCase() === found[1].toLowerCase()) ?? found[1];
}

/** Why a corrected turn's words are refused before they are sent (`index` from 0), or null. */
export function turnTextError(index: number, text: string, speakerNames: readonly string[]): string | null {
  if (!/\S/u.test(text)) return CORRECTION_MESSAGES.emptyTurn(index);
  const label = speakerLabelInText(text, speakerNames);
  return label === null ? null : CORRECTION_MESSAGES.labelInTurn(index, label);
}
