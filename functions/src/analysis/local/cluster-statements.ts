/**
 * Related statements across the interview become one insight. Findings come first (up to 60 % of the insights):
 * greedily, the (keyphrase, kind) pair with the most gain among statements not yet used seeds a cluster of
 * statements of that kind sharing the phrase ("problems" that all mention "ICE plot"); then a few strong statements
 * left over (a problem, a need, a workaround, a goal, something that works, a feeling) become insights of their
 * own. Recurring topics fill the rest: statements of any kind sharing a phrase the participant keeps returning to.
 * Gain is the summed salience of the free statements, times the phrase's specificity (rarer and longer phrases are
 * more specific), times the square root of their number. Phrases the whole interview is about (in more than ~30 % of statements) seed nothing: they would
 * swallow everything. Each phrase tags one insight at most. Deterministic: ties fall to the earlier phrase.
 */
import { KIND_ORDER, type StatementKind } from './statement-kinds';
import type { Keyphrase } from './keyphrases';
import type { Statement } from './statements';

export interface Cluster {
  tag: Keyphrase;
  /** Every statement supporting the insight, in text order. */
  members: Statement[];
  /** The ones quoted (those of the insight's kind first, then the most salient; at most `maxQuotes`), in text order. */
  quoted: Statement[];
  kind: StatementKind;
  /** Members of that kind. */
  kindCount: number;
  /** Other keyphrases found in at least two members, most frequent first. */
  related: Keyphrase[];
}

export interface ClusterOptions {
  maxInsights: number;
  /** Statements of one kind that must share a phrase to seed a cluster. */
  minSupport: number;
  /** Statements of any kind that must share a phrase to seed a topic cluster. */
  minTopicSupport: number;
  maxQuotes: number;
  maxMembers: number;
  /** Leftover single statements that may become insights. */
  maxSingles: number;
}

interface PhraseStats {
  phrase: Keyphrase;
  statements: Statement[];
  firstSeen: number;
}

/** Share of the insights kept for findings (statements of one kind) before recurring topics are added. */
const FINDING_SHARE = 0.6;
/** Share of a topic cluster's statements that must be of one kind for the insight to be of that kind. */
const KIND_SHARE = 0.5;
const SINGLE_KINDS = new Set<StatementKind>(['pain', 'need', 'workaround', 'goal', 'positive', 'emotion']);
const FINDING_KINDS = KIND_ORDER.filter((kind) => kind !== 'observation');

export function clusterStatements(statements: readonly Statement[], options: ClusterOptions): Cluster[] {
  const phrases = new Map<string, PhraseStats>();
  for (const statement of statements) {
    for (const phrase of statement.keyphrases) {
      const stats = phrases.get(phrase.key) ?? { phrase, statements: [], firstSeen: statement.index };
      stats.statements.push(statement);
      phrases.set(phrase.key, stats);
    }
  }
  const total = statements.length;
  const broad = Math.max(6, Math.ceil(total * 0.3));
  const specificity = (stats: PhraseStats) => Math.log(1 + total / stats.statements.length) * (1 + 0.6 * (stats.phrase.words - 1));
  const ranked = [...phrases.values()]
    .filter((stats) => stats.statements.length <= broad)
    .sort((a, b) => a.firstSeen - b.firstSeen || a.phrase.key.localeCompare(b.phrase.key));

  const assigned = new Set<number>();
  const used = new Set<string>();
  const clusters: Cluster[] = [];

  /** Adds greedy clusters of statements sharing a phrase (of one kind, or of any kind for topics) up to `limit`. */
  const grow = (mode: 'kind' | 'topic', limit: number): void => {
    while (clusters.length < limit) {
      let best: { stats: PhraseStats; kind: StatementKind | 'any'; gain: number; free: Statement[] } | undefined;
      const consider = (stats: PhraseStats, kind: StatementKind | 'any', free: Statement[]): void => {
        // Shared by more statements is more evidence of one insight: support counts beyond its salience.
        const gain = free.reduce((sum, statement) => sum + statement.salience, 0) * specificity(stats) * Math.sqrt(free.length);
        if (!best || gain > best.gain + 1e-9) best = { stats, kind, gain, free };
      };
      for (const stats of ranked) {
        if (used.has(stats.phrase.key)) continue;
        const free = stats.statements.filter((statement) => !assigned.has(statement.index));
        if (mode === 'topic') {
          if (free.length >= options.minTopicSupport) consider(stats, 'any', free);
          continue;
        }
        if (free.length < options.minSupport) continue;
        for (const kind of FINDING_KINDS) {
          const ofKind = free.filter((statement) => statement.kind === kind);
          if (ofKind.length >= options.minSupport) consider(stats, kind, ofKind);
        }
      }
      if (!best) return;
      const { stats, kind, free } = best;
      const members = [...free].sort((a, b) => b.salience - a.salience || a.index - b.index).slice(0, options.maxMembers);
      used.add(stats.phrase.key);
      for (const statement of members) assigned.add(statement.index);
      clusters.push(makeCluster(stats.phrase, members, kind, phrases, options));
    }
  };

  /** Strong statements not yet used become insights of their own, tagged with their most specific phrase. */
  const addSingles = (limit: number): void => {
    const singles = statements
      .filter((statement) => !assigned.has(statement.index) && SINGLE_KINDS.has(statement.kind))
      .sort((a, b) => b.salience - a.salience || a.index - b.index);
    for (const statement of singles) {
      if (clusters.length >= limit) return;
      const phrase = statement.keyphrases
        .filter((candidate) => !used.has(candidate.key))
        .map((candidate) => ({ candidate, score: specificity(phrases.get(candidate.key) as PhraseStats) }))
        .sort((a, b) => b.score - a.score || a.candidate.key.localeCompare(b.candidate.key))[0]?.candidate;
      if (!phrase) continue;
      used.add(phrase.key);
      assigned.add(statement.index);
      clusters.push(makeCluster(phrase, [statement], statement.kind, phrases, options));
    }
  };

  // Findings first (most of the room), then recurring topics, then more findings if room is left.
  const findingRoom = Math.ceil(options.maxInsights * FINDING_SHARE);
  grow('kind', findingRoom);
  addSingles(Math.min(findingRoom, clusters.length + options.maxSingles));
  grow('topic', options.maxInsights);
  grow('kind', options.maxInsights);
  addSingles(Math.min(options.maxInsights, clusters.length + options.maxSingles));

  // Problems first and recurring topics last (the order themes are shown in), larger clusters first within a kind.
  return clusters.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      b.members.length - a.members.length ||
      a.members[0].index - b.members[0].index,
  );
}

function dominantKind(members: readonly Statement[]): StatementKind {
  const weight = new Map<StatementKind, number>();
  for (const member of members) {
    if (member.kind !== 'observation') weight.set(member.kind, (weight.get(member.kind) ?? 0) + member.salience);
  }
  let kind: StatementKind = 'observation';
  for (const candidate of FINDING_KINDS) {
    if ((weight.get(candidate) ?? 0) > (weight.get(kind) ?? 0)) kind = candidate;
  }
  // A topic is "about problems" only when at least half its statements are.
  const count = members.filter((member) => member.kind === kind).length;
  return count >= members.length * KIND_SHARE ? kind : 'observation';
}

function makeCluster(
  tag: Keyphrase,
  chosen: Statement[],
  seedKind: StatementKind | 'any',
  phrases: ReadonlyMap<string, PhraseStats>,
  options: ClusterOptions,
): Cluster {
  const members = [...chosen].sort((a, b) => a.index - b.index);
  const kind = seedKind === 'any' ? dominantKind(members) : seedKind;
  const kindCount = members.filter((member) => member.kind === kind).length;

  const tagWords = new Set(tag.key.split(' '));
  const counts = new Map<string, number>();
  for (const member of members) {
    for (const phrase of member.keyphrases) {
      if (phrase.key.split(' ').some((word) => tagWords.has(word))) continue;
      counts.set(phrase.key, (counts.get(phrase.key) ?? 0) + 1);
    }
  }
  const related = [...counts.entries()]
    .filter(([, count]) => count >= 2)
    .sort((a, b) => b[1] - a[1] || (phrases.get(b[0])?.phrase.words ?? 0) - (phrases.get(a[0])?.phrase.words ?? 0) || a[0].localeCompare(b[0]))
    .map(([key]) => (phrases.get(key) as PhraseStats).phrase)
    .filter((phrase, i, list) => !list.slice(0, i).some((earlier) => earlier.key.includes(phrase.key) || phrase.key.includes(earlier.key)))
    .slice(0, 2);

  const quoted = [...members]
    .sort((a, b) => Number(b.kind === kind) - Number(a.kind === kind) || b.salience - a.salience || a.index - b.index)
    .slice(0, options.maxQuotes)
    .sort((a, b) => a.index - b.index);
  return { tag, members, quoted, kind, kindCount, related };
}
