/**
 * Titles and descriptions built only from what the analyser found: the shared keyphrase, the kind of statements,
 * their count, and phrases that recur alongside. Nothing is inferred beyond that, so the wording stays honest.
 */
import type { Cluster } from './cluster-statements';
import { KIND_ORDER, type StatementKind } from './statement-kinds';

const TITLES: Record<StatementKind, (topic: string) => string> = {
  pain: (topic) => `Problems with ${topic}`,
  need: (topic) => `Needs around ${topic}`,
  workaround: (topic) => `Workarounds involving ${topic}`,
  goal: (topic) => `Goals around ${topic}`,
  positive: (topic) => `Positive about ${topic}`,
  emotion: (topic) => `Feelings about ${topic}`,
  practice: (topic) => `Current practice: ${topic}`,
  observation: (topic) => `Recurring topic: ${topic}`,
};

/** What statements of each kind do, for one and for several. */
const KIND_PHRASES: Record<StatementKind, [string, string]> = {
  pain: ['a problem', 'problems'],
  need: ['a need or wish', 'needs or wishes'],
  workaround: ['a workaround', 'workarounds'],
  goal: ['a goal', 'goals'],
  positive: ['something that works', 'things that work'],
  emotion: ['a feeling', 'feelings'],
  practice: ['how they work today', 'how they work today'],
  observation: ['', ''],
};

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

function quoted(text: string): string {
  return `“${text}”`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function count(n: number, one: string, many: string): string {
  return n === 1 ? `one ${one}` : `${n} ${many}`;
}

export function insightTitle(cluster: Cluster): string {
  const topics = [cluster.tag.display];
  const partner = cluster.related[0];
  if (partner && cluster.members.length >= 2) {
    const together = cluster.members.filter((member) => member.keyphrases.some((phrase) => phrase.key === partner.key)).length;
    if (together * 2 >= cluster.members.length) topics.push(partner.display);
  }
  const title = TITLES[cluster.kind](list(topics));
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** "The participant", a named speaker ("Jack Dorsey"), or "Participants" when several speak. */
export function subjectOf(cluster: Cluster, unknownRole: boolean): { subject: string; plural: boolean } {
  const speakers = [...new Set(cluster.members.map((member) => member.speaker))];
  if (speakers.length > 1) return { subject: 'Participants', plural: true };
  const label = speakers[0] ?? '';
  if (GENERIC_LABEL.test(label.trim()) || label.trim() === '') return { subject: unknownRole ? 'The speaker' : 'The participant', plural: false };
  return { subject: label, plural: false };
}

export function insightDescription(cluster: Cluster, unknownRole: boolean): string {
  const { subject, plural } = subjectOf(cluster, unknownRole);
  const n = cluster.members.length;
  let sentence = `${subject} ${plural ? 'mention' : 'mentions'} ${quoted(cluster.tag.display)} in ${count(n, 'statement', 'statements')}`;
  if (cluster.kind !== 'observation' && cluster.kindCount > 0) {
    const [one, many] = KIND_PHRASES[cluster.kind];
    if (n === 1) sentence += `, describing ${one}`;
    else if (cluster.kindCount === n) sentence += `, all describing ${many}`;
    else sentence += `, ${cluster.kindCount} of them describing ${cluster.kindCount === 1 ? one : many}`;
  } else if (cluster.kind === 'observation') {
    const kinds = KIND_ORDER.filter((kind) => kind !== 'observation')
      .map((kind) => ({ kind, n: cluster.members.filter((member) => member.kind === kind).length }))
      .filter((entry) => entry.n > 0)
      .map((entry) => `${entry.n} ${COUNTED[entry.kind][entry.n === 1 ? 0 : 1]}`);
    if (kinds.length > 0) sentence += ` (among them ${list(kinds)})`;
  }
  if (cluster.related.length > 0) sentence += `, often alongside ${list(cluster.related.map((phrase) => quoted(phrase.display)))}`;
  return `${sentence}.`;
}
