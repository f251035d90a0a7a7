/**
 * The local analyser (the default; nothing leaves the machine): deterministic and extractive, built on wink-nlp
 * with its English model. It reads the quotable turns (participants; see `quotableSpeakers`), takes their
 * sentences as candidate statements, classifies each (problem, need, workaround, goal, what works, feeling, how
 * they work today) from wink's lemmas, negation and sentiment plus lexical cues, reads what each means from word
 * vectors, groups statements that say the same thing (close in meaning and in the conversation; see
 * cluster-by-meaning.ts) into insights titled by their central statement, condensed, and groups the insights' tags
 * into themes by the kind of statements behind them. Quotes are proposed as exact spans; they are anchored like
 * any analyser's.
 */
import type { Analyser, AnalysisInput, AnalysisProgress, InterviewAnalysis, ProposedInsight } from '@verbatim/contract/insight';
import { quotableSpeakers } from '../anchoring';
import { groupTags } from '@verbatim/contract/themes';
import { centre, loadWordVectors, wordWeight, type WordVectors } from '../meaning';
import { clusterByMeaning } from './cluster-by-meaning';
import { insightDescription, insightTitle, statementsTitle, type TitleWording } from './insight-wording';
import { titleChecker } from './title-check';
import { readsAsEnglish } from './languages';
import { analyseNonEnglish } from './non-english';
import { KIND_THEMES, type StatementKind } from './statement-kinds';
import { placeStatements } from './conversation-places';
import { weighForInsight } from './statement-weights';
import { statementMeaning, statementsOfTurn, type Statement } from './statements';
import { readTurn, type TurnTokens } from './turn-tokens';
import { loadWink, type WinkReader } from './wink-model';
import { referentInTalk } from './title-referents';
import { maskOverlongRuns } from '../text-bounds';
import { choiceName } from '@verbatim/contract/analysis-choice';

export const LOCAL_ANALYSER_NOTE =
  `Drafted with ${choiceName('local')} analysis, on Verbatim’s own servers: every quote is a participant’s own sentence, grouped with others close to it in meaning and in the conversation; each title is a claim one of the group’s statements makes, so review them before sharing.`;
export const NO_PARTICIPANT_NOTE =
  'No speaker is marked as a participant, so there was nothing to quote; set the participant’s role and analyse again.';
export const NOTHING_FOUND_NOTE =
  'No participant statements were long or specific enough to draft insights from.';

const PROGRESS_EVERY = 16;
/** Insights of one interview at most (one per 160 words the participants say, up to this). */
const MAX_INSIGHTS = 16;

export interface LocalAnalyserOptions {
  /** Yield to the event loop between turn batches (default true); off for benchmarks. */
  yieldBetweenBatches?: boolean;
}

export function createLocalAnalyser(options: LocalAnalyserOptions = {}): Analyser {
  return {
    name: 'local',
    analyse: (input, onProgress) => analyseLocally(input, onProgress, options),
  };
}

async function analyseLocally(
  given: AnalysisInput,
  onProgress: ((progress: AnalysisProgress) => void) | undefined,
  options: LocalAnalyserOptions,
): Promise<InterviewAnalysis> {
  const [wink, vectors] = await Promise.all([loadWink(), loadWordVectors()]);
  // Runs longer than any word (an encoded file pasted in) read as white space of their length: every offset stays,
  // and no passage, sentence or quote spans one (see text-bounds).
  const input: AnalysisInput = { ...given, text: maskOverlongRuns(given.text) };
  const quotable = quotableSpeakers(input.speakers, input.turns);
  const turns = input.turns.map((turn, index) => ({ turn, index })).filter(({ turn }) => quotable.has(turn.speaker));
  const total = turns.length + 1;
  if (turns.length === 0) {
    onProgress?.({ done: total, total });
    return { insights: [], groupedTags: [], notes: [NO_PARTICIPANT_NOTE] };
  }

  const read: TurnTokens[] = [];
  for (let k = 0; k < turns.length; k++) {
    const tokens = readTurn(wink, input.text, turns[k].turn, turns[k].index);
    if (tokens) read.push(tokens);
    if ((k + 1) % PROGRESS_EVERY === 0) {
      onProgress?.({ done: k + 1, total });
      if (options.yieldBetweenBatches !== false) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  const language = input.language ?? 'und';
  const analysis = readsAsEnglish(language)
    ? analyseEnglish(input, read, quotable, vectors, { text: input.text, check: titleChecker(wink, input.text), ...talkBefore(wink, input, quotable) })
    : analyseNonEnglish(read, input.text, language);
  onProgress?.({ done: total, total });
  return analysis;
}

function analyseEnglish(input: AnalysisInput, turns: readonly TurnTokens[], quotable: ReadonlySet<string>, vectors: WordVectors, wording: TitleWording): InterviewAnalysis {
  const excluded = speakerNameWords(input);
  const statements: Statement[] = [];
  for (const tokens of turns) {
    for (const statement of statementsOfTurn(tokens, input.text, { excluded })) statements.push({ ...statement, index: statements.length });
  }
  const substantive = weighForInsight(statements, input, quotable).map((statement, index) => ({ ...statement, index }));
  const placed = placeStatements(substantive, input, quotable).map((entry) => ({ ...entry, vector: statementMeaning(entry.statement, vectors) }));
  centre(placed.map((entry) => entry.vector), vectors);
  const participantWords = input.speakers.filter((s) => quotable.has(s.label)).reduce((sum, s) => sum + s.wordCount, 0);
  const maxInsights = Math.min(MAX_INSIGHTS, Math.max(3, Math.round(participantWords / 160)));
  const clusters = clusterByMeaning(placed, {
    maxInsights,
    maxQuotes: 4,
    maxMembers: 5,
    maxSingles: 3,
    wording: (central, quoted) => statementsTitle(central, quoted, wording),
    rarity: (word) => englishRarity(vectors, word),
  });

  const kindOfTag = new Map<string, StatementKind>();
  const insights: ProposedInsight[] = clusters.flatMap((cluster) => {
    // Every title passes the wording check; a group not even a label of its own words names is not drafted.
    const { title, quote } = insightTitle(cluster, wording);
    if (title === '') return [];
    kindOfTag.set(cluster.tag.display, cluster.kind);
    const quoted = quote ? [...cluster.quoted, quote].sort((a, b) => a.index - b.index) : cluster.quoted;
    return [{
      title,
      description: insightDescription(cluster, title, wording),
      tag: cluster.tag.display,
      quotes: quoted.map((statement) => ({
        text: input.text.slice(statement.start, statement.end),
        speaker: statement.speaker,
        startHint: statement.start,
      })),
    }];
  });
  const groupedTags = groupTags(
    insights.map((insight) => insight.tag),
    { labelOf: (tag) => KIND_THEMES[kindOfTag.get(tag) ?? 'observation'] },
  );
  const notes = [LOCAL_ANALYSER_NOTE];
  if (insights.length === 0) notes.push(NOTHING_FOUND_NOTE);
  return { insights, groupedTags, notes };
}

/**
 * The talk before a statement that its title is worded from: the interviewer's question it answers (read once per
 * question), and what a statement's "it", "this" or "that" stands for (see title-referents.ts), read from its answer and
 * that question.
 */
function talkBefore(wink: WinkReader, input: AnalysisInput, quotable: ReadonlySet<string>): Pick<TitleWording, 'referent' | 'question'> {
  const asked = new Map<number, TurnTokens | undefined>();
  const questionOf = (turnIndex: number): TurnTokens | undefined => {
    if (!asked.has(turnIndex)) {
      const question = input.turns[turnIndex - 1];
      asked.set(turnIndex, question && !quotable.has(question.speaker) ? readTurn(wink, input.text, question, turnIndex - 1) : undefined);
    }
    return asked.get(turnIndex);
  };
  return {
    referent: (statement) => referentInTalk(statement, questionOf(statement.turnIndex)),
    question: (statement) => questionOf(statement.turnIndex),
  };
}

/** How rare a word is in English, 0 to 1 (its word-vector frequency rank, weighted as in sentence meaning). */
function englishRarity(vectors: WordVectors, word: string): number {
  const rank = vectors.rankOf(word);
  return rank === undefined ? 1 : wordWeight(vectors, rank);
}

/** Speakers' names (as lower-case words) are never keyphrases. */
function speakerNameWords(input: AnalysisInput): Set<string> {
  const words = new Set<string>();
  for (const speaker of input.speakers) {
    for (const name of [speaker.label, ...speaker.aliases]) {
      for (const word of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (word.length > 1) words.add(word);
    }
  }
  return words;
}
