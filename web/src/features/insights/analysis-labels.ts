import type { Quote, QuoteStats, SynthesisWriter } from '@verbatim/contract/insight';
import type { InterviewAnalysisSummary, ProjectSettings } from '@verbatim/contract/project';
import { ANALYSIS_CHOICE_NAMES } from '@verbatim/contract/analysis-choice';
import { plural } from '@verbatim/contract/plural';

export const LOCAL_LABEL = `${ANALYSIS_CHOICE_NAMES.local}: nothing left Verbatim’s servers`;
export const GEMINI_REDACTED_LABEL = `${ANALYSIS_CHOICE_NAMES.gemini}: sent with names, emails and phone numbers redacted`;
export const GEMINI_UNREDACTED_LABEL = `${ANALYSIS_CHOICE_NAMES.gemini}: sent with names, emails and phone numbers unredacted`;

/** The note the server adds to an interview sent to Gemini without redaction (functions/src/analysis-runs/choose-analyser.ts). */
const UNREDACTED_NOTE_START = 'Names, emails and phone numbers were sent to Gemini unredacted';

/**
 * What made an interview's insights, said plainly. For Gemini, whether names, emails and phone numbers were
 * redacted is read from the interview's own notes (the server notes an unredacted run), not from today's settings.
 */
export function analyserLabel(analysis: Pick<InterviewAnalysisSummary, 'analyser' | 'notes'>): string {
  if (analysis.analyser !== 'gemini') return LOCAL_LABEL;
  const unredacted = analysis.notes.some((note) => note.startsWith(UNREDACTED_NOTE_START));
  return unredacted ? GEMINI_UNREDACTED_LABEL : GEMINI_REDACTED_LABEL;
}

/** What the project's settings will do with the next interview. */
export function settingsLabel(settings: ProjectSettings, geminiAvailable: boolean): string {
  if (settings.analyser !== 'gemini' || !geminiAvailable) return LOCAL_LABEL;
  return settings.redactPii ? GEMINI_REDACTED_LABEL : GEMINI_UNREDACTED_LABEL;
}

/** The choice's name for the header control: "Verbatim only" or "Google Gemini" (contract/analysis-choice.ts). */
export function analyserShortName(settings: ProjectSettings, geminiAvailable: boolean): string {
  return settings.analyser === 'gemini' && geminiAvailable ? ANALYSIS_CHOICE_NAMES.gemini : ANALYSIS_CHOICE_NAMES.local;
}

/**
 * The anchoring promise, in one sentence: "42 quotes checked against the transcript; 3 dropped because they
 * could not be found verbatim; 1 dropped because it was the interviewer's; 2 kept as close matches, marked on
 * their insights." Analyses from before close matches were counted say nothing of them.
 */
export function quoteStatsSentence(stats: QuoteStats): string {
  const parts = [`${plural(stats.proposed, 'quote', 'quotes')} checked against the transcript`];
  if (stats.droppedUnanchored > 0) {
    parts.push(`${stats.droppedUnanchored} dropped because ${stats.droppedUnanchored === 1 ? 'it' : 'they'} could not be found verbatim`);
  }
  if (stats.droppedInterviewer > 0) {
    parts.push(`${stats.droppedInterviewer} dropped because ${stats.droppedInterviewer === 1 ? 'it was' : 'they were'} the interviewer's`);
  }
  const changed = stats.droppedChangedMeaning ?? 0;
  if (changed > 0) {
    parts.push(`${changed} dropped because the closest words in the transcript said something different (a negation, a number, a name or another word of meaning changed)`);
  }
  const questions = stats.droppedQuestions ?? 0;
  if (questions > 0) parts.push(`${questions} dropped because ${questions === 1 ? 'it was a question' : 'they were questions'}, not what anyone thinks`);
  const fuzzy = stats.fuzzy ?? 0;
  if (fuzzy > 0) {
    parts.push(`${fuzzy} kept as ${fuzzy === 1 ? 'a close match' : 'close matches'}: the participant’s exact words are shown, and the model’s slightly different wording is marked on ${fuzzy === 1 ? 'the quote' : 'each'}`);
  }
  if (stats.droppedInsights > 0) {
    parts.push(`${plural(stats.droppedInsights, 'insight', 'insights')} left out because none of ${stats.droppedInsights === 1 ? 'its' : 'their'} quotes held up`);
  }
  if (parts.length === 1 && stats.proposed > 0) parts.push('all found verbatim in a participant’s words');
  return `${parts.join('; ')}.`;
}

/** The mark on a quote found only as a close match, with the model's own words when they were kept; null otherwise. */
export function closeMatchNote(quote: Pick<Quote, 'match' | 'proposedText'>): { label: string; modelWords: string | null } | null {
  if (quote.match !== 'fuzzy') return null;
  return { label: 'Close match: the model’s words differed slightly; these are the participant’s own.', modelWords: quote.proposedText ?? null };
}

/** "Google Gemini (gemini-3.8-flash)" or "Verbatim only": the choice's name (contract/analysis-choice.ts). */
export function writerName(analyser: 'local' | 'gemini', model: string | null | undefined): string {
  if (analyser !== 'gemini') return ANALYSIS_CHOICE_NAMES.local;
  return model ? `${ANALYSIS_CHOICE_NAMES.gemini} (${model})` : ANALYSIS_CHOICE_NAMES.gemini;
}

const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** "23 Nov 2026, 20:41 UTC". */
export function whenLabel(at: Date): string {
  return `${WHEN.format(at)} UTC`;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface AnalysedInterview {
  status: string;
  analysis?: Pick<InterviewAnalysisSummary, 'analyser' | 'completedAt'> & { model?: string | null };
}

interface SynthesisProvenance {
  updatedAt: Date;
  writer: SynthesisWriter;
}

/**
 * Who wrote what is on the board, and when, by the analysis choice's name: "Insights: Google Gemini (gemini-3.8-flash),
 * 3 interviews, latest 23 Nov 2026, 20:41 UTC" (several analysers: each with its count), and for the synthesis
 * "Synthesis: Google Gemini (gemini-3.8-flash), 23 Nov 2026, 20:42 UTC", or, when Gemini failed, Verbatim's own and why.
 */
export function provenanceLines(documents: readonly AnalysedInterview[], synthesis: SynthesisProvenance | null): { insights: string | null; synthesis: string | null } {
  const analysed = documents.filter((d) => d.status === 'ready' && d.analysis);
  let insights: string | null = null;
  if (analysed.length > 0) {
    const byWriter = new Map<string, number>();
    for (const d of analysed) {
      const name = writerName(d.analysis!.analyser, d.analysis!.model);
      byWriter.set(name, (byWriter.get(name) ?? 0) + 1);
    }
    const latest = new Date(Math.max(...analysed.map((d) => d.analysis!.completedAt.getTime())));
    const parts = [...byWriter].map(([name, n]) => `${name}, ${plural(n, 'interview', 'interviews')}`);
    insights = `Insights: ${capitalise(parts.join('; '))}; latest ${whenLabel(latest)}.`;
  }
  let synthesisLine: string | null = null;
  if (synthesis) {
    const { writer } = synthesis;
    const when = whenLabel(synthesis.updatedAt);
    if (writer.fallback) synthesisLine = `Synthesis: ${ANALYSIS_CHOICE_NAMES.local}, ${when}, because ${writer.fallback}.`;
    else {
      const dropped = writer.droppedIds > 0 ? ` ${plural(writer.droppedIds, 'reference', 'references')} to insights or quotes it was not given ${writer.droppedIds === 1 ? 'was' : 'were'} left out.` : '';
      synthesisLine = `Synthesis: ${writerName(writer.analyser, writer.model)}, ${when}.${dropped}`;
    }
  }
  return { insights, synthesis: synthesisLine };
}

export interface ReanalyseOffer {
  count: number;
  /** The sentence above the button. */
  reason: string;
  /** The button: what it does and what it costs, said before anything is spent. */
  action: string;
  /** Credits it would spend (0 for a subscriber). */
  cost: number;
  /** Why it cannot be done now (not enough credits), or null. */
  blocked: string | null;
}

/**
 * After a switch of analyser: the interviews whose insights another analyser wrote, offered for re-analysis with the
 * project's current one, with the cost stated. Null when every ready interview already matches the settings.
 */
export function reanalyseOffer(
  documents: readonly (AnalysedInterview & { errorCode?: string | null })[],
  settings: ProjectSettings,
  geminiAvailable: boolean,
  account: { creditsRemaining: number | null; subscriptionActive: boolean },
): ReanalyseOffer | null {
  const wanted = settings.analyser === 'gemini' && geminiAvailable ? 'gemini' : 'local';
  const ready = documents.filter((d) => d.status === 'ready' && d.analysis);
  const other = ready.filter((d) => d.analysis!.analyser !== wanted);
  if (other.length === 0) return null;
  // Re-analysing all sends every interview that can be analysed again (the others too, so the board is of one piece).
  const count = documents.filter((d) => d.status === 'ready' || (d.status === 'failed' && (d.errorCode ?? '').startsWith('analysis-'))).length;
  const cost = account.subscriptionActive ? 0 : count;
  const target = ANALYSIS_CHOICE_NAMES[wanted];
  const previous = ANALYSIS_CHOICE_NAMES[wanted === 'gemini' ? 'local' : 'gemini'];
  const whose =
    other.length < ready.length
      ? `${other.length} of ${ready.length} interviews ${other.length === 1 ? 'was' : 'were'}`
      : ready.length === 1
        ? 'This interview was'
        : ready.length === 2
          ? 'Both interviews were'
          : `All ${ready.length} interviews were`;
  const reason = `${whose} analysed with ${previous}; this project’s analysis is now ${target}.`;
  const price = account.subscriptionActive ? 'included in your Solo plan' : `${plural(cost, 'credit', 'credits')}${account.creditsRemaining === null ? '' : ` of your ${account.creditsRemaining}`}`;
  const blocked =
    !account.subscriptionActive && account.creditsRemaining !== null && account.creditsRemaining < cost
      ? `You have ${plural(account.creditsRemaining, 'credit', 'credits')}; re-analysing all ${count} needs ${cost}. Subscribe for unlimited re-analyses, or re-analyse some from the Interviews tab.`
      : null;
  return { count, cost, reason, action: `Re-analyse ${count === 1 ? 'the interview' : `all ${count} interviews`} with ${target} (${price})`, blocked };
}
