/** Loading the shared transcript fixtures and checks every parsed transcript must pass. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseTranscript } from '../../../../src/analysis/parsers/index';
import type { ParsedTranscript, Turn } from '@verbatim/contract/transcript';

export const FIXTURES_DIR = join(__dirname, '../../../fixtures/transcripts');

/** Every transcript fixture with participants' words to analyse (the two caption files of a few words left out). */
export const ANALYSED_FIXTURES = [
  '01_pdpilot_P2_user-study-interview.pdf',
  '04_anthropic-interviewer_science_0012.txt',
  '05_raise_Exp_P1_usability-think-aloud_pt-BR.txt',
  '06_gvc_eBay-FarhangKassei-Interview-v4.srt',
  '07_gvc_CodeConversations-ChrisDiBona.srt',
  '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt',
  '10_changelog_founders-talk-91.md',
  '13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub',
  '14_qualcoder_transcript_focus-group.txt',
  '15_qualcoder_ID1_student-response.docx',
  '18_pdpilot_P1_user-study-interview.pdf',
  '19_pdpilot_P3_user-study-interview.pdf',
  '20_pdpilot_P4_user-study-interview.pdf',
  'derived/16_DERIVED_gvc_eBay-FarhangKassei-Interview-v4.vtt',
  'derived/17_DERIVED_anthropic-interviewer_creativity_0082.docx',
];

export function fixtureBytes(relativePath: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, relativePath)));
}

export async function parseFixture(relativePath: string): Promise<ParsedTranscript> {
  return parseTranscript({ bytes: fixtureBytes(relativePath), fileName: relativePath.split('/').pop() ?? relativePath });
}

export function turnText(parsed: ParsedTranscript, turn: Turn): string {
  return parsed.text.slice(turn.start, turn.end);
}

export function turnsOf(parsed: ParsedTranscript, speaker: string): string[] {
  return parsed.turns.filter((turn) => turn.speaker === speaker).map((turn) => turnText(parsed, turn));
}

/** Label, role, turn count of every speaker, in order of appearance. */
export function speakerSummary(parsed: ParsedTranscript): [string, string, number][] {
  return parsed.speakers.map((speaker) => [speaker.label, speaker.role, speaker.turnCount]);
}

/** The turn whose span contains `quote`; fails when no turn (or more than one) does. */
export function turnContaining(parsed: ParsedTranscript, quote: string): Turn {
  const turns = parsed.turns.filter((turn) => turnText(parsed, turn).includes(quote));
  expect(turns.map((turn) => turn.speaker), `turns containing ${JSON.stringify(quote)}`).toHaveLength(1);
  return turns[0];
}

/** Asserts that `quote` is spoken by `speaker` and sits at offsets inside that turn. */
export function expectQuote(parsed: ParsedTranscript, quote: string, speaker: string): Turn {
  const turn = turnContaining(parsed, quote);
  expect(turn.speaker).toBe(speaker);
  const at = parsed.text.indexOf(quote, turn.start);
  expect(at).toBeGreaterThanOrEqual(turn.start);
  expect(at + quote.length).toBeLessThanOrEqual(turn.end);
  expect(parsed.text.slice(at, at + quote.length)).toBe(quote);
  return turn;
}

/**
 * Invariants of every parse: the text is exactly the turns joined by blank lines; spans are ordered, non-empty,
 * trimmed, and do not start with their speaker's label; counts agree with the turns.
 */
export function expectWellFormed(parsed: ParsedTranscript): void {
  expect(parsed.text).toBe(parsed.turns.map((turn) => turnText(parsed, turn)).join('\n\n'));
  let previousEnd = -2;
  for (const turn of parsed.turns) {
    const span = turnText(parsed, turn);
    expect(turn.start).toBe(previousEnd + 2);
    expect(turn.end).toBeGreaterThan(turn.start);
    expect(span).toBe(span.trim());
    for (const label of [turn.speaker, ...(parsed.speakers.find((s) => s.label === turn.speaker)?.aliases ?? [])]) {
      expect(span.startsWith(`${label}:`), `turn starts with its label ${label}`).toBe(false);
      expect(span.startsWith(`**${label}`), `turn starts with its bold label ${label}`).toBe(false);
    }
    previousEnd = turn.end;
  }
  expect(parsed.speakers.map((speaker) => speaker.label).sort()).toEqual([...new Set(parsed.turns.map((t) => t.speaker))].sort());
  for (const speaker of parsed.speakers) {
    expect(speaker.turnCount).toBe(parsed.turns.filter((turn) => turn.speaker === speaker.label).length);
  }
  expect(parsed.speakers.reduce((sum, speaker) => sum + speaker.wordCount, 0)).toBe(parsed.wordCount);
  const marks = parsed.timeMarks ?? [];
  expect(parsed.timeMarks).toBeDefined();
  for (let i = 1; i < marks.length; i++) expect(marks[i].offset).toBeGreaterThan(marks[i - 1].offset);
  for (const mark of marks) expect(mark.offset).toBeLessThan(parsed.text.length);
}

/** No turn of a labelled transcript begins with a `Name:` label. */
export function expectNoLabelsInSpans(parsed: ParsedTranscript, labels: readonly string[]): void {
  for (const turn of parsed.turns) {
    const span = turnText(parsed, turn);
    for (const label of labels) {
      expect(new RegExp(`(^|\\n)(\\*\\*)?(>> )?${label}(\\*\\*)?:`).test(span), `label ${label} inside a ${turn.speaker} turn`).toBe(false);
    }
  }
}
