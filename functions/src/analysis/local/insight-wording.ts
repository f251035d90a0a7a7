/**
 * Titles and descriptions built only from what the analyser found. The title is the group's central statement,
 * condensed (see condense-statement.ts): a claim in the participant's own words. The description says what the
 * quotes show: how many statements and answers, what they do (problems, wishes, …) and the phrases they share,
 * named without quotation marks (those are kept for a participant's exact words).
 * Nothing is inferred beyond that, so the wording stays honest.
 */
import type { MeaningCluster } from './cluster-by-meaning';
import { condensedClaim, type CondensedClaim } from './condense-statement';
import { namesSomething } from './title-words';
import { KIND_ORDER, type StatementKind } from './statement-kinds';
import type { Statement } from './statements';
import { standsInInterview } from './title-standing';
import type { TitleCheck } from './title-check';
import { verbatimTitle } from './verbatim-title';
import { labelTitle } from './title-label';

/** Statements of each kind, counted: "2 problems", "1 need or wish". */
const COUNTED: Record<StatementKind, [string, string]> = {
  pain: ['problem', 'problems'],
  need: ['need or wish', 'needs or wishes'],
  workaround: ['workaround', 'workarounds'],
  goal: ['goal', 'goals'],
  positive: ['thing that works', 'things that work'],
  emotion: ['feeling', 'feelings'],
  practice: ['account of how they work', 'accounts of how they work'],
  observation: ['remark', 'remarks'],
};

const GENERIC_LABEL = /^(participant|user|interviewee|respondent|speaker|unknown speaker|p\s?\d+|id\s?\d+|speaker\s?\d+)$/i;

export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function count(n: number, one: string, many: string): string {
  return n === 1 ? `one ${one}` : `${n} ${many}`;
}

/** What a title is worded from: the transcript text and the check each wording must pass (see title-check.ts). */
export interface TitleWording {
  text: string;
  check: TitleCheck;
}

/**
 * The central statement, condensed, when that is a whole claim that reads on its own. A wording that fails the title
 * check (cut off, a false start left in, a filler, no claim, too long …) is never used. Else the central statement's
 * clearest sentence in the participant's own words, in quotation marks (see verbatim-title.ts); else the first quote
 * whose condensed wording states a claim that reads on its own ("They found it useful" names nothing; "In the case of
 * Chrome and Android both" states no claim), one not cut inside a phrase first; else another quote's own sentence;
 * '' when none reads whole.
 */
export function statementsTitle(central: Statement, quoted: readonly Statement[], wording: TitleWording): string {
  const condensed = (statement: Statement): CondensedClaim =>
    statement.source ? condensedClaim(statement.source.tokens, statement.source.from, statement.source.to) : { title: '', claim: false };
  const passes = (candidate: CondensedClaim) => candidate.title !== '' && namesSomething(candidate.title) && wording.check(candidate.title).length === 0;
  const others = quoted.filter((statement) => statement !== central);
  const own = condensed(central);
  if (passes(own) && own.claim && !own.unfinished && standsInInterview(own.title)) return own.title;
  // The central statement is what the insight is about: in its own words before another quote's wording.
  const verbatim = verbatimTitle(wording.text, [central], wording.check);
  if (verbatim) return verbatim;
  // Claims that stand, whole ones before ones cut inside a phrase; then any claim; then any wording that passes.
  const ranked = [own, ...others.map(condensed)].filter(passes);
  const stands = (candidate: CondensedClaim) => candidate.claim && standsInInterview(candidate.title);
  const chosen = ranked.find((c) => stands(c) && !c.unfinished) ?? ranked.find(stands) ?? ranked.find((c) => c.claim) ?? ranked[0];
  return chosen?.title ?? verbatimTitle(wording.text, others, wording.check) ?? '';
}

/**
 * The insight's title (see `statementsTitle`), when it passes the wording check; else the clearest sentence of another
 * of its statements, in the participant's words, which is then quoted too (`quote`), so that the words in quotation
 * marks are there to read beside it; else, the last resort, a label of what the statements are and a noun phrase they
 * say ("Wish: automated clusters on the ICE plots"; see title-label.ts). Every title returned passes the check; ''
 * when not even a label does (the insight is then not drafted).
 */
export function insightTitle(cluster: MeaningCluster, wording: TitleWording): { title: string; quote?: Statement } {
  const title = cluster.title ?? statementsTitle(cluster.central, cluster.quoted, wording);
  if (title && wording.check(title).length === 0) return { title };
  for (const member of cluster.members.filter((statement) => !cluster.quoted.includes(statement))) {
    const verbatim = verbatimTitle(wording.text, [member], wording.check);
    if (verbatim) return { title: verbatim, quote: member };
  }
  const ordered = [cluster.central, ...cluster.quoted.filter((statement) => statement !== cluster.central), ...cluster.members.filter((statement) => !cluster.quoted.includes(statement) && statement !== cluster.central)];
  return { title: labelTitle(cluster.kind, ordered, cluster.tag.display, wording.check) ?? '' };
}

/** "The participant", a named speaker ("Jack Dorsey"), or "Participants" when several speak. */
export function subjectOf(cluster: MeaningCluster, unknownRole: boolean): { subject: string; plural: boolean } {
  const speakers = [...new Set(cluster.members.map((member) => member.speaker))];
  if (speakers.length > 1) return { subject: 'Participants', plural: true };
  const label = speakers[0] ?? '';
  if (GENERIC_LABEL.test(label.trim()) || label.trim() === '') return { subject: unknownRole ? 'The speaker' : 'The participant', plural: false };
  return { subject: label, plural: false };
}

export function insightDescription(cluster: MeaningCluster, unknownRole: boolean): string {
  const { subject, plural } = subjectOf(cluster, unknownRole);
  const n = cluster.members.length;
  const answers = new Set(cluster.members.map((member) => member.turnIndex)).size;
  const where = n === 1 ? 'in one statement' : answers === 1 ? `in ${n} statements of one answer` : `in ${n} statements across ${answers} answers`;
  const kinds = KIND_ORDER.filter((kind) => kind !== 'observation')
    .map((kind) => ({ kind, n: cluster.members.filter((member) => member.kind === kind).length }))
    .filter((entry) => entry.n > 0)
    .map((entry) => (entry.n === n && n > 1 ? `all ${COUNTED[entry.kind][1]}` : count(entry.n, ...COUNTED[entry.kind])));
  let sentence = `${subject} ${plural ? 'make' : 'makes'} this point ${where}`;
  if (kinds.length > 0) sentence += ` (${list(kinds)})`;
  // Tags are named, not quoted: a tag is a phrase of the quotes, made singular ("ICE plot" of "ICE plots"), and only
  // a participant's exact words stand in quotation marks.
  sentence += `, about ${cluster.tag.display}`;
  if (cluster.related.length > 0) sentence += ` (also ${list(cluster.related.map((phrase) => phrase.display))})`;
  return `${sentence}.`;
}
