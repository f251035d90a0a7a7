/**
 * Anchoring an analyser's proposal against the transcript before anything is saved ("quotes are sacred"). Every
 * saved quote is `input.text.slice(start, end)` of one turn of a quotable speaker (see `quotableSpeakers`),
 * attributed to that turn's speaker, with the moment its own first word is said when the source has times (see
 * quote-moments.ts), and says how it was found (`match`; a close match keeps the analyser's own words beside it).
 * What cannot be anchored, falls in the interviewer's words, or matches only closely with a negation, number or name
 * changed, or is nothing but a question, is dropped and counted by reason (a question put to the next speaker at a
 * quote's end is cut off it); an insight left without quotes is dropped. Quotation marks in a title or
 * description stay only around words a participant said (see quotation-marks.ts); links, e-mail addresses and
 * instructions are taken out of the title, tag and description (see free-text/), and a count of people in them is
 * the server's: the participants the insight's quotes come from (see counts/).
 */
import type { AnalysisInput, InterviewAnalysis, ProposedInsight, Quote, QuoteStats } from '@verbatim/contract/insight';
import { mapWording, type InsightWording, type InsightWordingField } from '@verbatim/contract/insight-schema';
import { quoteMoments } from '@verbatim/contract/quote-moments';
import { QuoteLocator, type MatchStep } from './anchor-quote';
import type { MeaningChange } from './meaning-check';
import { recounted } from '../counts/count-claims';
import { stripFreeText } from '../free-text/strip-free-text';
import { comparable, isSaid, keepVerbatimMarks, SAID_APART } from './quotation-marks';
import { withoutQuestions } from './question-quotes';
import { quotableSpeakers } from './turn-index';

export interface AnchoredInsight extends InsightWording {
  quotes: Quote[];
}

export interface AnchorResult {
  insights: AnchoredInsight[];
  /**
   * `anchored` counts the quotes saved. `proposed = anchored + droppedUnanchored + droppedInterviewer +
   * droppedChangedMeaning + droppedQuestions + duplicates`: a proposal that anchors to the same span as another quote of its insight,
   * or inside it, is merged into it. `fuzzy` counts the saved quotes that matched only closely.
   */
  stats: Required<QuoteStats>;
  duplicates: number;
  /** How the saved quotes were found. */
  steps: Record<MatchStep, number>;
  /** What the close matches refused for changing the meaning changed. */
  meaningChanges: Record<MeaningChange, number>;
}

export function emptyQuoteStats(): Required<QuoteStats> {
  return { proposed: 0, anchored: 0, droppedUnanchored: 0, droppedInterviewer: 0, droppedChangedMeaning: 0, droppedQuestions: 0, droppedInsights: 0, fuzzy: 0 };
}

export function anchorAnalysis(input: AnalysisInput, analysis: Pick<InterviewAnalysis, 'insights'>): AnchorResult {
  const quotable = quotableSpeakers(input.speakers, input.turns);
  const locator = new QuoteLocator(input.text, input.turns, quotable);
  const said = comparable(input.turns.filter((turn) => quotable.has(turn.speaker)).map((turn) => input.text.slice(turn.start, turn.end)).join(SAID_APART));
  const stats = emptyQuoteStats();
  const steps: Record<MatchStep, number> = { exact: 0, normalised: 0, fuzzy: 0 };
  const meaningChanges: Record<MeaningChange, number> = { negation: 0, number: 0, name: 0, content: 0 };
  let duplicates = 0;
  const insights: AnchoredInsight[] = [];

  for (const proposed of analysis.insights) {
    const quotes: Quote[] = [];
    for (const quote of proposed.quotes) {
      stats.proposed++;
      const outcome = locator.locate(quote);
      if (outcome.kind === 'unanchored') {
        stats.droppedUnanchored++;
        continue;
      }
      if (outcome.kind === 'interviewer') {
        stats.droppedInterviewer++;
        continue;
      }
      if (outcome.kind === 'changed-meaning') {
        stats.droppedChangedMeaning++;
        meaningChanges[outcome.change]++;
        continue;
      }
      // A question put to someone is what they were asked, not what they think (question-quotes.ts).
      const span = withoutQuestions(input.text, outcome, input.turns);
      if (span === null) {
        stats.droppedQuestions++;
        continue;
      }
      if (span.end !== outcome.end) Object.assign(outcome, span);
      const turn = input.turns[outcome.turnIndex];
      const anchored: Quote = {
        text: input.text.slice(outcome.start, outcome.end),
        documentId: input.documentId,
        speaker: turn.speaker,
        start: outcome.start,
        end: outcome.end,
      };
      const moments = quoteMoments(outcome, input.turns, input.timeMarks, { text: input.text });
      if (moments !== null) anchored.ts = moments.start;
      anchored.match = outcome.step;
      if (outcome.step === 'fuzzy') anchored.proposedText = quote.text.trim();

      const inside = quotes.findIndex((kept) => kept.start <= anchored.start && anchored.end <= kept.end);
      const around = quotes.findIndex((kept) => anchored.start <= kept.start && kept.end <= anchored.end);
      if (inside >= 0) duplicates++;
      else if (around >= 0) {
        duplicates++;
        quotes[around] = anchored;
        // A longer quote may now also hold others that were kept separately.
        for (let k = quotes.length - 1; k >= 0; k--) {
          if (k !== around && anchored.start <= quotes[k].start && quotes[k].end <= anchored.end) {
            quotes.splice(k, 1);
            duplicates++;
          }
        }
      } else quotes.push(anchored);
    }
    if (quotes.length === 0) {
      stats.droppedInsights++;
      continue;
    }
    stats.anchored += quotes.length;
    for (const quote of quotes) steps[quote.match ?? 'exact']++;
    insights.push(toAnchored(proposed, quotes, said, quotable.size));
  }
  stats.fuzzy = steps.fuzzy;
  return { insights, stats, duplicates, steps, meaningChanges };
}

/**
 * How each of an insight's words is made safe to show: what stands in when nothing is left of it (a title or tag that
 * was nothing but a link, an address or an instruction), and whether it is prose, whose counts of people are recounted
 * and whose quotation marks must hold a participant's words (a tag is a label).
 */
const WORDING_CHECKS = {
  title: { emptyAs: 'Untitled insight', prose: true },
  description: { emptyAs: '', prose: true },
  tag: { emptyAs: 'other', prose: false },
} as const satisfies Record<InsightWordingField, { emptyAs: string; prose: boolean }>;

function toAnchored(proposed: ProposedInsight, quotes: Quote[], said: string, participants: number): AnchoredInsight {
  // Links, addresses and instructions go before anything is shown, unless a participant said them (see free-text/).
  const spoken = (words: string) => isSaid(words, said);
  // A count of people is the server's: the participants the insight's own quotes come from (see counts/).
  const quoted = new Set(quotes.map((quote) => quote.speaker)).size;
  const counted = (text: string) => recounted(text, quoted, Math.max(participants, quoted), 'participant', spoken);
  const wording = mapWording(proposed, (text, field) => {
    const stripped = stripFreeText(text.trim(), spoken);
    const checked = WORDING_CHECKS[field].prose ? keepVerbatimMarks(counted(stripped), said) : stripped;
    return checked || WORDING_CHECKS[field].emptyAs;
  });
  return { ...wording, quotes };
}
