/**
 * Statements that say the same thing become one insight. Two statements are alike when their meanings are close
 * (centred sentence vectors) and when they sit close together in the conversation: an answer and its follow-up
 * are about one thing far more often than two remarks an hour apart that happen to be similar. Statements doing the
 * same thing (two problems, two wishes) are a little more alike still.
 *
 * 1. Stretches: neighbouring statements merge, most alike first (average linkage), while alike enough.
 * 2. Echoes: stretches from different parts of the interview merge when their meanings are close on their own.
 * 3. The strongest groups (summed salience, more members count more) become insights, beyond the first few none
 *    below a floor, and always the strongest problem and the strongest wish; a few strong single statements fill
 *    remaining room. Each group's central statement (most alike to the rest, and salient) is always quoted: the title
 *    is worded from it. The other quotes are the members closest to it; a member whose
 *    meaning points away from it (it joined for its place in the conversation) is not quoted.
 * Deterministic: ties fall to the earlier statement.
 */
import { centroid, cosine } from '../meaning';
import { assignTags, tagCandidates as candidatesForTag, type TagCandidate } from './insight-tag';
import type { Keyphrase } from './keyphrases';
import { KIND_ORDER, type StatementKind } from './statement-kinds';
import type { Statement } from './statements';

export interface PlacedStatement {
  statement: Statement;
  /** Centred meaning vector of length 1 (undefined when no word of it is known). */
  vector: Float32Array | undefined;
  /** Distance from the start of the conversation: +0 within a turn, +1 to the next answer, +3 after a new question. */
  position: number;
}

export interface MeaningCluster {
  /** Every statement of the group, in text order. */
  members: Statement[];
  /** The quoted ones (the central one and the most salient), in text order. */
  quoted: Statement[];
  central: Statement;
  kind: StatementKind;
  kindCount: number;
  tag: Keyphrase;
  /** Other keyphrases found in at least two members, most telling first. */
  related: Keyphrase[];
  /** The title `options.wording` gave it, when there was one. */
  title?: string;
}

export interface MeaningClusterOptions {
  maxInsights: number;
  maxQuotes: number;
  maxMembers: number;
  maxSingles: number;
  /** The title an insight of these statements would have: its phrases tag the insight first (see insight-tag.ts). */
  wording?: (central: Statement, quoted: readonly Statement[]) => string;
  /** How rare a word is in English, 0 to 1 (see insight-tag.ts). */
  rarity?: (word: string) => number;
}

/** Weights of the three kinds of likeness, and how fast nearness fades (in answers). */
const MEANING_WEIGHT = 1;
const NEARNESS_WEIGHT = 1;
const NEARNESS_SCALE = 2.5;
const SAME_KIND_WEIGHT = 0.15;
/** Neighbouring stretches merge while their average likeness is at least this. */
const STRETCH_LIKENESS = 0.55;
/** Neighbours merge only when their meanings are not apart (nearness alone does not make one subject). */
const MIN_NEIGHBOUR_MEANING = -0.2;
/** Distant stretches merge when their meanings alone are at least this close. */
const ECHO_MEANING = 0.6;
/** Beyond this many statements apart, nearness no longer counts (keeps the work linear in long interviews). */
const NEAR_WINDOW = 24;
const SINGLE_KINDS = new Set<StatementKind>(['pain', 'need', 'workaround', 'goal', 'positive', 'emotion']);
/**
 * Beyond the strongest few groups (what a short interview has), the least a group must weigh (summed salience times
 * the square root of its size) to be an insight: two ordinary statements (salience about 1.4 each). Weaker groups, a
 * short reply beside a passing remark, are not shown just because there is room for more insights.
 */
const ALWAYS_SHOWN = 3;
/**
 * Beside the central statement, no member weighing less than nothing is quoted: what it says is outweighed by what
 * marks it as an aside (a short reply, words to the interviewer, the session: "I just, um, you got second floor area,
 * year remodel."). An ordinary statement weighs about 1.4.
 */
const MIN_QUOTED_SALIENCE = 0;
const MIN_GROUP_SCORE = 4;

export function clusterByMeaning(placed: readonly PlacedStatement[], options: MeaningClusterOptions): MeaningCluster[] {
  const n = placed.length;
  if (n === 0) return [];
  // Likeness of statements up to NEAR_WINDOW apart, computed once (stretches never span more than that).
  const width = 2 * NEAR_WINDOW + 1;
  const near = new Float32Array(n * width).fill(Number.NaN);
  const likeness = (i: number, j: number): number => {
    const offset = j - i + NEAR_WINDOW;
    const cached = offset >= 0 && offset < width ? near[i * width + offset] : Number.NaN;
    if (!Number.isNaN(cached)) return cached;
    const a = placed[i];
    const b = placed[j];
    const nearness = Math.abs(i - j) <= NEAR_WINDOW ? Math.exp(-Math.abs(a.position - b.position) / NEARNESS_SCALE) : 0;
    const sameKind = a.statement.kind === b.statement.kind && a.statement.kind !== 'observation' ? 1 : 0;
    const value = MEANING_WEIGHT * cosine(a.vector, b.vector) + NEARNESS_WEIGHT * nearness + SAME_KIND_WEIGHT * sameKind;
    if (offset >= 0 && offset < width) near[i * width + offset] = value;
    return value;
  };
  const average = (left: readonly number[], right: readonly number[]): number => {
    let sum = 0;
    for (const i of left) for (const j of right) sum += likeness(i, j);
    return sum / (left.length * right.length);
  };
  const meaningOf = (run: readonly number[]) => centroid(run.map((i) => placed[i].vector));

  // 1. Stretches of neighbouring statements: a linked list of runs, the most alike neighbours merged first.
  const runs: number[][] = placed.map((_, i) => [i]);
  const next = placed.map((_, i) => (i + 1 < n ? i + 1 : -1));
  const previous = placed.map((_, i) => i - 1);
  const link = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const relink = (k: number): void => {
    const right = next[k];
    link[k] = right < 0 || runs[k].length + runs[right].length > options.maxMembers ? Number.NEGATIVE_INFINITY : average(runs[k], runs[right]);
  };
  for (let k = 0; k < n; k++) relink(k);
  for (;;) {
    let best = -1;
    for (let k = 0; k >= 0 && k < n; k = next[k]) {
      if (link[k] >= STRETCH_LIKENESS && (best < 0 || link[k] > link[best] + 1e-9)) best = k;
    }
    if (best < 0) break;
    const right = next[best];
    if (cosine(meaningOf(runs[best]), meaningOf(runs[right])) < MIN_NEIGHBOUR_MEANING) {
      link[best] = Number.NEGATIVE_INFINITY; // near but apart in meaning: not one subject
      continue;
    }
    runs[best] = [...runs[best], ...runs[right]];
    next[best] = next[right];
    if (next[right] >= 0) previous[next[right]] = best;
    relink(best);
    if (previous[best] >= 0) relink(previous[best]);
  }
  const stretches: number[][] = [];
  for (let k = 0; k >= 0 && k < n; k = next[k]) stretches.push(runs[k]);

  // 2. Echoes: distant stretches that say the same thing, closest pairs first.
  const groups = stretches.map((members) => ({ members, vector: centroid(members.map((i) => placed[i].vector)), kind: dominantKind(members.map((i) => placed[i].statement)) }));
  const pairs: { a: number; b: number; meaning: number }[] = [];
  for (let a = 0; a < groups.length; a++) {
    for (let b = a + 2; b < groups.length; b++) {
      if (!compatibleKinds(groups[a].kind, groups[b].kind)) continue;
      const meaning = cosine(groups[a].vector, groups[b].vector);
      if (meaning >= ECHO_MEANING) pairs.push({ a, b, meaning });
    }
  }
  pairs.sort((x, y) => y.meaning - x.meaning || x.a - y.a || x.b - y.b);
  const owner = groups.map((_, k) => k);
  const find = (k: number): number => (owner[k] === k ? k : (owner[k] = find(owner[k])));
  const size = groups.map((group) => group.members.length);
  for (const { a, b } of pairs) {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb || size[ra] + size[rb] > options.maxMembers) continue;
    owner[rb] = ra;
    size[ra] += size[rb];
  }
  const merged = new Map<number, number[]>();
  groups.forEach((group, k) => {
    const root = find(k);
    merged.set(root, [...(merged.get(root) ?? []), ...group.members]);
  });

  // 3. The strongest groups, then strong single statements.
  const candidates = [...merged.values()].map((members) => {
    const sorted = [...members].sort((x, y) => x - y);
    const salience = sorted.reduce((sum, i) => sum + placed[i].statement.salience, 0);
    return { members: sorted, score: salience * Math.sqrt(sorted.length) };
  });
  const eligible = candidates
    .filter((candidate) => candidate.members.length >= 2)
    .sort((x, y) => y.score - x.score || x.members[0] - y.members[0])
    .filter((candidate, rank) => rank < ALWAYS_SHOWN || candidate.score >= MIN_GROUP_SCORE);
  const ranked = withStrongestProblemAndWish(eligible, options.maxInsights, (candidate) => dominantKind(candidate.members.map((i) => placed[i].statement)));
  const singles = candidates
    .filter((candidate) => candidate.members.length === 1 && SINGLE_KINDS.has(placed[candidate.members[0]].statement.kind))
    .sort((x, y) => y.score - x.score || x.members[0] - y.members[0])
    .slice(0, Math.max(0, Math.min(options.maxSingles, options.maxInsights - ranked.length)));

  const documentFrequency = phraseFrequency(placed.map((p) => p.statement));
  const drafts = [...ranked, ...singles].map(({ members }) => draftCluster(members, placed, likeness, documentFrequency, options));
  const tags = assignTags(drafts.map((draft) => draft.tagCandidates));
  const clusters: MeaningCluster[] = [];
  drafts.forEach((draft, k) => {
    const chosen = tags[k];
    if (chosen) clusters.push({ members: draft.members, quoted: draft.quoted, central: draft.central, kind: draft.kind, kindCount: draft.kindCount, title: draft.title, ...chosen });
  });
  // Problems first and loose remarks last (the order themes are shown in), larger groups first within a kind.
  return clusters.sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || b.members.length - a.members.length || a.members[0].index - b.members[0].index,
  );
}

/** Kinds a researcher looks for first: an interview's strongest problem and strongest wish are always insights. */
const RESERVED_KINDS = new Set<StatementKind>(['pain', 'need']);

/**
 * The first `limit` of groups ranked strongest first, except that the strongest problem and the strongest wish are
 * among them: the one wish of an interview is not crowded out by a fifth remark on what works. Returned strongest
 * first.
 */
function withStrongestProblemAndWish<T>(ranked: readonly T[], limit: number, kindOf: (group: T) => StatementKind): T[] {
  const reserved = new Set<T>();
  const seen = new Set<StatementKind>();
  for (const group of ranked) {
    const kind = kindOf(group);
    if (!RESERVED_KINDS.has(kind) || seen.has(kind)) continue;
    seen.add(kind);
    reserved.add(group);
  }
  const chosen = new Set([...reserved].slice(0, limit));
  for (const group of ranked) if (chosen.size < limit) chosen.add(group);
  return ranked.filter((group) => chosen.has(group));
}

/** Two groups can be one insight unless they do clearly different things (a problem and a thing that works). */
function compatibleKinds(a: StatementKind, b: StatementKind): boolean {
  if (a === b || a === 'observation' || b === 'observation') return true;
  const opposite = (x: StatementKind, y: StatementKind) => (x === 'pain' && y === 'positive') || (x === 'positive' && y === 'pain');
  return !opposite(a, b) && !opposite(b, a);
}

/** The kind most of the statements' weight is on, when at least a third of them are of it; else an observation. */
export function dominantKind(members: readonly Statement[]): StatementKind {
  const weight = new Map<StatementKind, number>();
  for (const member of members) {
    if (member.kind !== 'observation') weight.set(member.kind, (weight.get(member.kind) ?? 0) + member.salience);
  }
  let kind: StatementKind = 'observation';
  for (const candidate of KIND_ORDER) {
    if (candidate !== 'observation' && (weight.get(candidate) ?? 0) > (weight.get(kind) ?? 0)) kind = candidate;
  }
  const count = members.filter((member) => member.kind === kind).length;
  return count * 3 >= members.length ? kind : 'observation';
}

function phraseFrequency(statements: readonly Statement[]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const statement of statements) for (const phrase of statement.keyphrases) frequency.set(phrase.key, (frequency.get(phrase.key) ?? 0) + 1);
  return frequency;
}

/** A group's central statement, quotes and kind, and the phrases that could tag it (tags are given out together). */
function draftCluster(
  indices: readonly number[],
  placed: readonly PlacedStatement[],
  likeness: (i: number, j: number) => number,
  documentFrequency: ReadonlyMap<string, number>,
  options: MeaningClusterOptions,
): Omit<MeaningCluster, 'tag' | 'related'> & { tagCandidates: TagCandidate[] } {
  const members = indices.map((i) => placed[i].statement);
  // Central: most alike to the others, then most salient; one that names something (has a keyphrase) first, since
  // the title is worded from it ("The cluster descriptions were helpful", not "They found it useful").
  const centrality = (i: number) =>
    (indices.length > 1 ? indices.reduce((sum, j) => (j === i ? sum : sum + likeness(i, j)), 0) / (indices.length - 1) : 0) +
    0.5 * placed[i].statement.salience;
  const names = (i: number) => Number(placed[i].statement.keyphrases.length > 0);
  const centralIndex = [...indices].sort((a, b) => names(b) - names(a) || centrality(b) - centrality(a) || a - b)[0];
  const central = placed[centralIndex].statement;

  // The theme follows the members' kind, or else the kind of the central statement the title is worded from.
  const dominant = dominantKind(members);
  const kind = dominant === 'observation' ? central.kind : dominant;
  // Quoted: the central statement, then the members closest to it (and salient): the quotes show one finding.
  const closeness = (i: number) => likeness(centralIndex, i) + 0.5 * placed[i].statement.salience;
  // A member whose meaning points away from the central statement's (the one the title is worded from) joined for
  // its place in the conversation only, and one weighing less than nothing: they stay members, unquoted.
  const others = indices
    .filter((i) => i !== centralIndex && placed[i].statement.salience >= MIN_QUOTED_SALIENCE && (indices.length < 3 || cosine(placed[i].vector, placed[centralIndex].vector) >= 0))
    .sort((a, b) => closeness(b) - closeness(a) || a - b);
  const quoted = [central, ...others.map((i) => placed[i].statement)]
    .slice(0, options.maxQuotes)
    .sort((a, b) => a.index - b.index);

  const title = options.wording?.(central, quoted);
  const tagCandidates = candidatesForTag(members, quoted, central, { title, frequency: documentFrequency, total: placed.length, rarity: options.rarity });
  return { members, quoted, central, kind, kindCount: members.filter((m) => m.kind === kind).length, title, tagCandidates };
}
