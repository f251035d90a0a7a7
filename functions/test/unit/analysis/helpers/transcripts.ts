/** Small transcripts built in code, and fixture transcripts turned into what an analyser receives. */
import type { AnalysisInput, ProposedInsight } from '@verbatim/contract/insight';
import type { InterviewSpeaker } from '@verbatim/contract/project';
import type { ParsedTranscript, SpeakerRole, TimeMark, Turn } from '@verbatim/contract/transcript';

export type TurnSpec = [speaker: string, text: string, ts?: number];

/** Turns joined by blank lines, as the parser stores them; roles by speaker label. */
export function transcript(
  turns: readonly TurnSpec[],
  roles: Readonly<Record<string, SpeakerRole>>,
  options: { timeMarks?: TimeMark[]; language?: string | null; documentId?: string } = {},
): AnalysisInput {
  const built: Turn[] = [];
  let text = '';
  for (const [speaker, words, ts] of turns) {
    if (text !== '') text += '\n\n';
    const turn: Turn = { speaker, start: text.length, end: text.length + words.length };
    if (ts !== undefined) turn.ts = ts;
    built.push(turn);
    text += words;
  }
  const speakers: InterviewSpeaker[] = Object.entries(roles).map(([label, role]) => ({
    label,
    role,
    aliases: [],
    turnCount: built.filter((turn) => turn.speaker === label).length,
    wordCount: built
      .filter((turn) => turn.speaker === label)
      .reduce((sum, turn) => sum + text.slice(turn.start, turn.end).split(/\s+/).filter(Boolean).length, 0),
  }));
  return {
    documentId: options.documentId ?? 'doc-1',
    documentName: 'Test interview',
    text,
    turns: built,
    timeMarks: options.timeMarks ?? [],
    speakers,
    language: options.language === undefined ? 'en' : options.language,
  };
}

export function inputFromParsed(parsed: ParsedTranscript, documentId: string, documentName = documentId): AnalysisInput {
  return {
    documentId,
    documentName,
    text: parsed.text,
    turns: parsed.turns,
    timeMarks: parsed.timeMarks ?? [],
    speakers: parsed.speakers,
    language: parsed.language,
  };
}

/** One proposed insight with the given quote texts. */
export function proposal(quotes: readonly (string | { text: string; speaker?: string; startHint?: number })[], tag = 'topic'): ProposedInsight {
  return {
    title: `About ${tag}`,
    description: `Statements about ${tag}.`,
    tag,
    quotes: quotes.map((quote) => (typeof quote === 'string' ? { text: quote } : quote)),
  };
}
