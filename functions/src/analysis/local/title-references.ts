/**
 * What a title's words refer to, said outright: the group a speaker speaks for as the subject ("we as a team find" →
 * "the team finds"), and a topic set off at a statement's start, or after a clause, named where its pronoun stands
 * ("ICE plots in general, we find them hard to read" → "we find ICE plots hard to read"; "I could just say, anything
 * with any area above 4000, I don't want it" → "… I don't want anything with any area above 4000"). Only the title
 * reads them so: quotes stay exact.
 */
import { SUBJECT_PRONOUNS } from './title-grammar';
import { LEADING, wordCount, type Word } from './title-words';

/** "We as a team": the group the speaker speaks for. */
const GROUPS = new Set(['team', 'company', 'group', 'business', 'organisation', 'organization', 'department', 'lab']);
/** Present-tense forms for a singular subject. */
const SINGULAR_FORMS: Readonly<Record<string, string>> = { are: 'is', have: 'has', do: 'does', "'re": "'s", "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't", were: 'was', "weren't": "wasn't" };

/** A verb in the present tense, agreeing with a singular subject ("find" → "finds", "try" → "tries"). */
function singularVerb(word: Word): Word {
  const form = SINGULAR_FORMS[word.normal];
  if (form !== undefined) return { ...word, value: form, normal: form };
  if (word.pos !== 'VERB' || word.normal !== word.lemma.toLowerCase() || word.normal.endsWith('ing')) return word;
  const value = /(s|sh|ch|x|z|o)$/.test(word.value) ? `${word.value}es` : /[^aeiou]y$/.test(word.value) ? `${word.value.slice(0, -1)}ies` : `${word.value}s`;
  return { ...word, value, normal: value.toLowerCase() };
}

/**
 * "We as a team find them hard to read" → "the team finds them hard to read": the group the speaker speaks for, named
 * as the subject, its verb agreeing.
 */
export function collectiveSubject(words: readonly Word[]): Word[] {
  const at = words.findIndex((we, k) => {
    const [as, article, group, verb] = words.slice(k + 1, k + 5);
    return (
      we.normal === 'we' && as?.normal === 'as' && /^(a|the|an)$/.test(article?.normal ?? '') && GROUPS.has(group?.normal ?? '') &&
      verb !== undefined && /^(VERB|AUX)$/.test(verb.pos) && !we.after && !as.after && !article.after && !group.after
    );
  });
  if (at < 0) return [...words];
  const the: Word = { ...words[at + 2], value: 'the', normal: 'the', lemma: 'the' };
  return [...words.slice(0, at), the, words[at + 3], singularVerb(words[at + 4]), ...words.slice(at + 5)];
}

/** A topic set off at a statement's start is at most this many words ("ICE plots in general, …"). */
const MAX_TOPIC_WORDS = 4;
/** The phrase of a preposition that may say which of a topic is meant ("anything with any area above 4000"). */
const MAX_TOPIC_MODIFIER_WORDS = 5;
/** Pronouns that can head a topic when a phrase after them says which ("anything with any area above 4000"). */
const INDEFINITES = new Set(['anything', 'everything', 'something', 'anyone', 'everyone', 'someone', 'anybody', 'everybody', 'somebody']);
/** Said after a topic and not part of its name. */
const TOPIC_TAILS: readonly string[][] = [['in', 'general'], ['itself'], ['themselves'], ['as', 'a', 'whole']];

interface Topic {
  phrase: Word[];
  plural: boolean;
  said: Word[];
}

/** A noun phrase alone from `from` to the next comma, and a phrase of a preposition after it saying which one. */
function topicFrom(words: readonly Word[], from: number): Topic | undefined {
  const end = words.findIndex((word, k) => k >= from && word.after !== '');
  if (end < 0 || words[end].after !== ',' || end === words.length - 1) return undefined;
  const said = words.slice(from, end + 1);
  let phrase = said;
  const tail = TOPIC_TAILS.find((t) => phrase.length > t.length && t.every((normal, j) => phrase[phrase.length - t.length + j].normal === normal));
  if (tail) phrase = phrase.slice(0, phrase.length - tail.length);
  const by = phrase.findIndex((word, k) => k > 0 && word.pos === 'ADP');
  const name = by < 0 ? phrase : phrase.slice(0, by);
  const which = by < 0 ? [] : phrase.slice(by);
  if (name.length === 0 || wordCount(name) > MAX_TOPIC_WORDS || wordCount(which) > MAX_TOPIC_MODIFIER_WORDS) return undefined;
  const head = name[name.length - 1];
  const modifier = (word: Word, k: number) =>
    (k === 0 && word.pos === 'DET') || /^(ADJ|NOUN|PROPN|NUM)$/.test(word.pos) || (word.pos === 'VERB' && word.normal.endsWith('ing'));
  if (!name.slice(0, -1).every(modifier) || !(/^(NOUN|PROPN)$/.test(head.pos) || head.normal === 'one' || (which.length > 0 && INDEFINITES.has(head.normal)))) return undefined;
  if (!which.slice(1).every((word) => /^(DET|ADJ|NOUN|PROPN|NUM|ADP)$/.test(word.pos)) || (which.length > 0 && which[which.length - 1].pos === 'ADP')) return undefined;
  return { phrase, said, plural: head.pos === 'NOUN' && head.normal !== head.lemma.toLowerCase() && head.normal.endsWith('s') };
}

/**
 * The topic a statement sets off before saying what it is about ("ICE plots in general, I find them hard to read";
 * "the clustering one, I don't fully understand it"): a short noun phrase alone before the first comma, or alone
 * between commas after a clause and before the subject of the next ("I could just say, anything with any area above
 * 4000, I don't want it").
 */
function setOffTopic(words: readonly Word[]): Topic | undefined {
  let from = 0;
  while (from < words.length && LEADING.has(words[from].normal)) from++;
  const first = topicFrom(words, from);
  if (first) return first;
  let clause = false;
  for (let k = from; k < words.length - 1; k++) {
    clause ||= words[k].pos === 'VERB';
    // After a clause, and not the next item of a list ("we looked at PDPs, ICE plots, …").
    if (!clause || words[k].after !== ',' || /^(NOUN|PROPN|NUM)$/.test(words[k].pos)) continue;
    const topic = topicFrom(words, k + 1);
    const next = topic && words[k + 1 + topic.said.length];
    if (topic && next && SUBJECT_PRONOUNS.has(next.normal)) return topic;
  }
  return undefined;
}

/**
 * A statement that sets off its topic names it where its pronoun stands, so that a title of the clause after it says
 * what it is about: "Heat maps in general, we as a team find them hard to read" → "we as a team find heat maps hard
 * to read". Only a pronoun of the topic's number after a verb or preposition, in the same sentence.
 */
export function namingTopic(words: readonly Word[]): Word[] {
  const topic = setOffTopic(words);
  if (!topic) return [...words];
  const from = words.indexOf(topic.said[0]);
  const after = from + topic.said.length;
  const pronoun = topic.plural ? 'them' : 'it';
  let at = -1;
  for (let k = after + 1; k < words.length && at < 0; k++) {
    if (/[.!?]/.test(words[k - 1].after)) break;
    if (words[k].normal === pronoun && words[k].pos === 'PRON' && /^(VERB|AUX|ADP)$/.test(words[k - 1].pos)) at = k;
  }
  if (at < 0) return [...words];
  const last = topic.phrase.length - 1;
  // A name keeps its capitals ("ICE plots", "Cash App"); a word capitalised only as the sentence's first does not.
  const name = (word: Word, k: number) =>
    /\p{Lu}/u.test(word.value.slice(1)) || (word.pos === 'PROPN' && (k > 0 || topic.phrase[1]?.pos !== 'NOUN'));
  const phrase = topic.phrase.map((word, k) => ({
    ...word,
    value: k === 0 && !name(word, k) ? word.value.toLowerCase() : word.value,
    after: k === last ? words[at].after : '',
    pause: k === last ? words[at].pause : undefined,
  }));
  return [...words.slice(0, from), ...words.slice(after, at), ...phrase, ...words.slice(at + 1)];
}
