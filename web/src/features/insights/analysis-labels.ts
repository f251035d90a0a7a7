import type { QuoteStats } from '@domain/insight';
import type { DocumentAnalysisSummary, ProjectSettings } from '@domain/project';

export const LOCAL_LABEL = 'Extractive, built-in analysis';
export const GEMINI_REDACTED_LABEL = 'Gemini (names, emails and phone numbers redacted)';
export const GEMINI_UNREDACTED_LABEL = 'Gemini (names, emails and phone numbers sent unredacted)';

/** The note the server adds to an interview sent to Gemini without redaction (functions/src/insights/choose-analyser.ts). */
const UNREDACTED_NOTE_START = 'Names, emails and phone numbers were sent to Gemini unredacted';

/**
 * What made an interview's insights, said plainly. For Gemini, whether names, emails and phone numbers were
 * redacted is read from the interview's own notes (the server notes an unredacted run), not from today's settings.
 */
export function analyserLabel(analysis: Pick<DocumentAnalysisSummary, 'analyser' | 'notes'>): string {
  if (analysis.analyser !== 'gemini') return LOCAL_LABEL;
  const unredacted = analysis.notes.some((note) => note.startsWith(UNREDACTED_NOTE_START));
  return unredacted ? GEMINI_UNREDACTED_LABEL : GEMINI_REDACTED_LABEL;
}

/** What the project's settings will do with the next interview. */
export function settingsLabel(settings: ProjectSettings, geminiAvailable: boolean): string {
  if (settings.analyser !== 'gemini' || !geminiAvailable) return LOCAL_LABEL;
  return settings.redactPii ? GEMINI_REDACTED_LABEL : GEMINI_UNREDACTED_LABEL;
}

/** Short name for the header control: "Built-in" or "Gemini". */
export function analyserShortName(settings: ProjectSettings, geminiAvailable: boolean): string {
  return settings.analyser === 'gemini' && geminiAvailable ? 'Gemini' : 'Built-in';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The anchoring promise, in one sentence: "42 quotes checked against the transcript; 3 dropped because they
 * could not be found verbatim; 1 dropped because it was the interviewer's."
 */
export function quoteStatsSentence(stats: QuoteStats): string {
  const parts = [`${plural(stats.proposed, 'quote', 'quotes')} checked against the transcript`];
  if (stats.droppedUnanchored > 0) {
    parts.push(`${stats.droppedUnanchored} dropped because ${stats.droppedUnanchored === 1 ? 'it' : 'they'} could not be found verbatim`);
  }
  if (stats.droppedInterviewer > 0) {
    parts.push(`${stats.droppedInterviewer} dropped because ${stats.droppedInterviewer === 1 ? 'it was' : 'they were'} the interviewer's`);
  }
  if (stats.droppedInsights > 0) {
    parts.push(`${plural(stats.droppedInsights, 'insight', 'insights')} left out because none of ${stats.droppedInsights === 1 ? 'its' : 'their'} quotes held up`);
  }
  if (parts.length === 1 && stats.proposed > 0) parts.push('all found verbatim in a participant’s words');
  return `${parts.join('; ')}.`;
}
