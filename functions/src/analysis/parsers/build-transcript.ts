/** Assembled turns → the `ParsedTranscript` stored for a document: speakers, roles, counts, language, notes. */
import {
  MAX_TRANSCRIPT_WORDS,
  UNKNOWN_SPEAKER,
  type ParsedTranscript,
  type SpeakerInfo,
  type TranscriptFormat,
} from '@verbatim/contract/transcript';
import { OPENING_TURNS } from './conversation-hosts';
import { guessLanguage } from './language-guess';
import { emptyTranscript } from './parse-errors';
import { guessRoles, type SpeakerTurns } from './speaker-roles';
import type { AssembledText } from './turn-assembly';
import { countWords } from './word-count';
import { unbrokenRunsNote } from './unbroken-runs';
import { tooManyWords } from './word-limit';

export interface TranscriptParts {
  format: TranscriptFormat;
  encoding: string;
  assembled: AssembledText;
  /** Canonical label → other spellings merged into it. */
  aliases: ReadonlyMap<string, readonly string[]>;
  notes: readonly string[];
}

export function buildTranscript(parts: TranscriptParts): ParsedTranscript {
  const { text, turns, timeMarks } = parts.assembled;
  if (turns.length === 0) throw emptyTranscript();
  const turnWords = turns.map((turn) => countWords(text.slice(turn.start, turn.end)));
  const wordCount = turnWords.reduce((sum, words) => sum + words, 0);
  if (wordCount > MAX_TRANSCRIPT_WORDS) throw tooManyWords(wordCount);
  const runsNote = unbrokenRunsNote(text);

  const bySpeaker = new Map<string, SpeakerTurns & { turns: string[]; words: number }>();
  turns.forEach((turn, index) => {
    let speaker = bySpeaker.get(turn.speaker);
    if (!speaker) {
      const aliases = parts.aliases.get(turn.speaker) ?? [];
      speaker = { label: turn.speaker, aliases, turns: [], firstTurn: index, words: 0 };
      bySpeaker.set(turn.speaker, speaker);
    }
    speaker.turns.push(text.slice(turn.start, turn.end));
    speaker.words += turnWords[index];
  });
  const opening = turns.slice(0, OPENING_TURNS).map((turn) => ({ speaker: turn.speaker, text: text.slice(turn.start, turn.end) }));
  const { roles, notes: roleNotes, question } = guessRoles([...bySpeaker.values()], opening);

  const speakers: SpeakerInfo[] = [...bySpeaker.values()].map((speaker) => ({
    label: speaker.label,
    role: roles.get(speaker.label) ?? 'unknown',
    aliases: [...speaker.aliases],
    turnCount: speaker.turns.length,
    wordCount: speaker.words,
  }));

  const notes = [...parts.notes];
  if (runsNote) notes.push(runsNote);
  const hasUnknown = bySpeaker.has(UNKNOWN_SPEAKER);
  if (hasUnknown && bySpeaker.size === 1) {
    notes.push(`No speaker labels were found; the text is kept as one speaker, named ${UNKNOWN_SPEAKER}.`);
  } else if (hasUnknown) {
    notes.push(`Some text has no speaker label; it is marked as ${UNKNOWN_SPEAKER} rather than guessed.`);
  }
  notes.push(...roleNotes);

  const parsed: ParsedTranscript = {
    format: parts.format,
    text,
    turns,
    speakers,
    wordCount,
    language: guessLanguage(text),
    encoding: parts.encoding,
    notes,
    timeMarks,
  };
  if (question) parsed.rolesQuestion = question;
  return parsed;
}
