/**
 * The wording check: the defects a researcher sees at once in a title and would have to rewrite, with the wording
 * benchmark's definitions (its lint is the floor every title the analyser writes must pass; this is the product's one
 * implementation of those rules). A title that has one of them never reaches the board.
 *
 * Read from the title alone:
 * - cut-off: it ends on a word that opens a phrase (article, preposition, conjunction, helper verb) or on an adjective
 *   after one ("They have a client with strange");
 * - ellipsis: "…" inside it: something was cut out;
 * - stutter: a false start left in: a word twice, two openings in a row, the same three words twice;
 * - broken-clause: a helper verb followed straight by "and" or a comma ("They can't and usually …");
 * - filler: uh, um, you know, I mean, "like" as a filler, "and everything";
 * - opener: it starts lower case or with And/But/So/Well/Yeah/Like …;
 * - names-nothing: no noun at all;
 * - too-long, too-short: more than 16 or fewer than 4 words ("they're" counts as one);
 * - two-sentences, interrupted: a full stop inside, or speech broken off with -- or —;
 * - transcriber-mark: [unintelligible 00:27:03], (inaudible), a time stamp;
 * - topic-only: "What they say about …", a heading, not a finding;
 * - unnamed-subject: its subject is it/this/that/these/those with nothing named ("It's mostly random forest"; the
 *   dummy "it" of "It's nice to …" is fine);
 * - unnamed-reference: this/that/these/those as a pronoun, or an "it" with no noun before it, pointing at what the
 *   title never names ("They'd like to try this at work").
 *
 * Read against the transcript the title came from (see `wordingSource`):
 * - phrase-goes-on: the title stops where the speaker's phrase goes on ("… a storage engine that was able" → "to keep
 *   up");
 * - broken-word: it keeps a word the speaker broke off and said again whole ("the multiple clust");
 * - quoted-part-sentence: a title in quotation marks that is not a whole sentence or clause of the transcript.
 */
import type { WinkMethods } from 'wink-nlp';

export type WordingDefect =
  | 'cut-off'
  | 'ellipsis'
  | 'stutter'
  | 'broken-clause'
  | 'filler'
  | 'opener'
  | 'names-nothing'
  | 'too-long'
  | 'too-short'
  | 'two-sentences'
  | 'interrupted'
  | 'transcriber-mark'
  | 'topic-only'
  | 'unnamed-subject'
  | 'unnamed-reference'
  | 'phrase-goes-on'
  | 'broken-word'
  | 'quoted-part-sentence';

/** A title runs to this many words at most ("they're" is one). */
export const MAX_WORDING_WORDS = 16;
export const MIN_WORDING_WORDS = 4;

/** Words a phrase or clause starts with: a title may not end on one, the phrase it starts is cut off. */
export const OPENS_PHRASE: ReadonlySet<string> = new Set(
  (
    'a an the this that these those some any every each their my your our his her its whose ' +
    'of to for with in on at from by about into onto than as like via per between among through over under without ' +
    'and or but nor because if so while when whether although though since unless until where which who whom ' +
    'is are was were be been being am have has had do does did can could would should will shall may might must ' +
    "'s 's 're 've 'll 'd not very really quite just even also almost more most less such other another"
  ).split(/\s+/),
);
const FILLERS = [
  /\b(uh|um|erm|er|hmm|uh-huh)\b/i,
  /\byou know\b/i,
  /\bI mean\b/i,
  /\bkind of like\b/i,
  /\bsort of like\b/i,
  /(^|,\s*)like,/i,
  /\blike,\s/i,
  /\bor whatever\b/i,
  /\band stuff\b/i,
  /\band everything\b/i,
  /\b(at|so|typically|usually|and|but|or|just|really) like\b/i,
];
const OPENERS = /^(and|but|so|well|yeah|yes|no|okay|ok|like|um|uh|because|or|then|also|actually|basically)\b/i;
/** "It's nice to …", "It turned out that …": an "it" that stands for the clause after it. */
const DUMMY_IT = /^it(['’]s| is| was| would be| will be| has been| can be| felt| feels| seems| seemed)\s+(\S+\s+){0,3}(to|that|when|how|if)\b/i;

/** Text as the check compares it with a transcript: quotes and spaces made plain, lower case. */
export function normalised(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201C\u201D\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The transcript a title is checked against, read once. */
export interface WordingSource {
  hay: string;
}

export function wordingSource(text: string): WordingSource {
  return { hay: normalised(text) };
}

/** A title's defects (none: it may reach the board); with its transcript, also those read against it. */
export function wordingDefects(nlp: WinkMethods, title: string, source?: WordingSource): WordingDefect[] {
  const defects = titleDefects(nlp, title);
  if (source && source.hay) for (const defect of sourceDefects(nlp, title, source.hay)) if (!defects.includes(defect)) defects.push(defect);
  return defects;
}

function titleDefects(nlp: WinkMethods, title: string): WordingDefect[] {
  const its = nlp.its;
  const out: WordingDefect[] = [];
  const t = title.trim();
  const doc = nlp.readDoc(t);
  const all = doc.tokens();
  const types = all.out(its.type) as string[];
  const allPos = all.out(its.pos) as string[];
  const allVals = (all.out(its.value) as string[]).map((w) => w.toLowerCase());
  const wordAt = types.flatMap((type, i) => (type === 'word' ? [i] : []));
  const texts = wordAt.map((i) => allVals[i]);
  const pos = wordAt.map((i) => allPos[i]);
  const counted = texts.filter((w) => !/^['’]/.test(w) && w !== "n't").length;
  if (/(…|\.\.\.)/.test(t)) out.push('ellipsis');
  if (counted > MAX_WORDING_WORDS) out.push('too-long');
  if (counted < MIN_WORDING_WORDS) out.push('too-short');
  const last = texts[texts.length - 1] ?? '';
  const lastPos = pos[pos.length - 1];
  if (
    OPENS_PHRASE.has(last) ||
    ['DET', 'ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART'].includes(lastPos) ||
    (lastPos === 'ADJ' && ['DET', 'ADP'].includes(pos[pos.length - 2]))
  )
    out.push('cut-off');
  for (let i = 1; i < texts.length; i++) {
    if (texts[i] === texts[i - 1] && !['had', 'that'].includes(texts[i])) {
      out.push('stutter');
      break;
    }
  }
  if (/\b(\w+)('ll|'re|'ve|'d|'m|'s)?\s+\1('ll|'re|'ve|'d|'m|'s)\b/i.test(t) || /\b(is|are|was|were)\s+(does|do|did|is|are)\b/i.test(t)) {
    if (!out.includes('stutter')) out.push('stutter');
  }
  if (FILLERS.some((re) => re.test(t))) out.push('filler');
  for (let i = 0; i + 1 < allPos.length; i++) {
    const j = allPos[i + 1] === 'PART' ? i + 2 : i + 1;
    if (allPos[i] === 'AUX' && ['CCONJ', 'PUNCT'].includes(allPos[j]) && j + 1 < allPos.length) {
      out.push('broken-clause');
      break;
    }
  }
  if (OPENERS.test(t) || /^[a-z]/.test(t)) out.push('opener');
  if (!pos.some((p) => p === 'NOUN' || p === 'PROPN')) out.push('names-nothing');
  const grams = texts.slice(2).map((w, i) => `${texts[i]} ${texts[i + 1]} ${w}`);
  if (
    !out.includes('stutter') &&
    (new Set(grams).size < grams.length || /\b(i|they|we|you|he|she)['’](ll|m|re|ve|d)\s+(\w+\s+)?(i|they|we|you|he|she)['’](ll|m|re|ve|d)\b/i.test(t))
  )
    out.push('stutter');
  if (/\s(--|—|–)\s/.test(t)) out.push('interrupted');
  if (/^[“"]?what (they|people|participants|users) (say|said|think|thought) about\b/i.test(t)) out.push('topic-only');
  const dummyIt = /^[“"]?it(['’]s| is| was| would be| will be| has been| can be| felt| feels| seems| seemed)\s+(\S+\s+){0,3}(to|that|when|how|if)\b/i.test(t);
  const dummyObject = (i: number) => allPos[i + 1] === 'ADJ' && ['to', 'that'].includes(allVals[i + 2]);
  const relative = (i: number) => ['NOUN', 'PROPN', 'PRON'].includes(allPos[i - 1]);
  const namedBefore = (i: number) => allPos.slice(0, i).some((p) => p === 'NOUN' || p === 'PROPN');
  if (
    allVals.some(
      (w, i) =>
        i > 0 &&
        allPos[i] === 'PRON' &&
        ((['this', 'that', 'these', 'those'].includes(w) && !relative(i)) || (w === 'it' && !dummyIt && !namedBefore(i) && !dummyObject(i))),
    )
  )
    out.push('unnamed-reference');
  if (/[a-z]\.\s+[A-Za-z]/.test(t.replace(/\b(Dr|Mr|Mrs|Ms|St|vs|etc|e\.g|i\.e)\./gi, ''))) out.push('two-sentences');
  if (/\[[^\]]*\]|\((inaudible|unintelligible|crosstalk|laughs?|laughter)[^)]*\)|\b\d{1,2}:\d{2}\b/i.test(t)) out.push('transcriber-mark');
  const plain = t.replace(/^[“"‘']/, '');
  if (/^(it|this|that|these|those)(\s|['’]s\b|['’]re\b)/i.test(plain) && allPos[allPos[0] === 'PUNCT' ? 1 : 0] === 'PRON' && !DUMMY_IT.test(plain))
    out.push('unnamed-subject');
  return out;
}

/** Words that stand for their kind in another person ("they" for "I", "we", …), as the title was told. */
const SAME: Readonly<Record<string, string>> = {
  they: '(?:they|i|we|he|she|you)',
  their: '(?:their|my|our|his|her|your)',
  them: '(?:them|me|us|him|her|you)',
  themselves: '(?:themselves|myself|ourselves|himself|herself|yourself)',
  "they're": "(?:they're|i'm|we're|he's|she's|you're)",
  "they've": "(?:they've|i've|we've|he's|she's|you've)",
  "they'd": "(?:they'd|i'd|we'd|he'd|she'd|you'd)",
  "they'll": "(?:they'll|i'll|we'll|he'll|she'll|you'll)",
  are: '(?:are|am|is)',
  were: '(?:were|was)',
  have: '(?:have|has)',
};
const ALWAYS_GOES_ON = new Set(['to', 'of', 'that', 'which', 'who', 'whom', 'whose', 'than', 'for']);
const OBJECT_STARTS = new Set(['the', 'a', 'an', 'it', 'them', 'this', 'these', 'those', 'my', 'our', 'their', 'his', 'her', 'your', 'at', 'up', 'out', 'about', 'into', 'with', 'some', 'any', 'all']);
const MODIFIER_STARTS = new Set(['the', 'a', 'an', 'that', 'this', 'these', 'those', 'their', 'my', 'our', 'his', 'her', 'its', 'your', 'some', 'any', 'each', 'every', 'all', 'me', 'them', 'him', 'us', 'you', 'it', 'people', 'example']);
const NEW_CLAUSE = new Set(['and', 'but', 'so', 'because', 'when', 'if', 'or', 'then', 'although', 'though', 'while', 'since', 'unless', 'where', 'whereas', 'like', 'you', 'i', 'we', 'they', 'he', 'she', 'it']);
const escaped = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function sourceDefects(nlp: WinkMethods, title: string, hay: string): WordingDefect[] {
  const its = nlp.its;
  const out: WordingDefect[] = [];
  const t = normalised(title).replace(/^["']|["']$/g, '').replace(/[.!?]+$/, '');
  const tokens = nlp.readDoc(t).tokens();
  const types = tokens.out(its.type) as string[];
  const allVals = tokens.out(its.value) as string[];
  const allPos = tokens.out(its.pos) as string[];
  const vals: string[] = [];
  const pos: string[] = [];
  types.forEach((type, i) => {
    if (type === 'word') {
      vals.push(allVals[i].toLowerCase());
      pos.push(allPos[i]);
    }
  });
  // Contractions glued back: wink reads "they're" as "they" + "'re".
  const words: string[] = [];
  const wpos: string[] = [];
  vals.forEach((w, i) => {
    if ((/^'/.test(w) || w === "n't") && words.length > 0) words[words.length - 1] += w;
    else {
      words.push(w);
      wpos.push(pos[i]);
    }
  });
  if (words.length >= 3) {
    const tail = words
      .slice(-3)
      .map((w) => SAME[w] ?? escaped(w))
      .join("[\\s,;:\"'-]+");
    const re = new RegExp(`(?:^|[^\\w'])${tail}(?![\\w'])([\\s\\S]{0,40})`, 'g');
    const nexts = [...hay.matchAll(re)].map((m) => m[1]);
    if (nexts.length > 0) {
      const lastPos = wpos[wpos.length - 1];
      const goesOn = (rest: string) => {
        const m = /^ ([a-z']+)(?: ([a-z']+))?/.exec(rest);
        if (!m) return false;
        const [, nx, after = ''] = m;
        const noun = lastPos === 'NOUN' || lastPos === 'PROPN';
        if (noun && nx === 'to') return false;
        if (noun && nx === 'for') return !MODIFIER_STARTS.has(after);
        if (ALWAYS_GOES_ON.has(nx)) return true;
        if (NEW_CLAUSE.has(nx)) return false;
        if (['ADP', 'DET', 'AUX', 'PART', 'CCONJ', 'SCONJ'].includes(lastPos)) return true;
        return lastPos === 'VERB' && OBJECT_STARTS.has(nx);
      };
      if (nexts.every(goesOn)) out.push('phrase-goes-on');
    }
  }
  const quoted = /^[“"]([^”"]+)[”"]$/.exec(title.trim());
  if (quoted) {
    const inner = normalised(quoted[1]).replace(/[.!?]+$/, '');
    const i = hay.indexOf(inner);
    if (i >= 0) {
      const before = hay.slice(Math.max(0, i - 3), i);
      const after = hay.slice(i + inner.length, i + inner.length + 2);
      const starts = i === 0 || /[.!?:;,\n]["']?\s*$/.test(before) || /\n\s*$/.test(before);
      const ends = /^["']?([.!?,;:]|\s*$|\n)/.test(after) || after === '';
      if (!starts || !ends) out.push('quoted-part-sentence');
    }
  }
  for (const w of new Set(words)) {
    if (w.length < 4 || /'/.test(w)) continue;
    const re = new RegExp(`(?:^|[^\\w'])${escaped(w)}(?![\\w'])[-,.—–\\s]+((?:\\S+\\s+){0,6})`, 'g');
    const occurrences = [...hay.matchAll(re)];
    if (occurrences.length === 0 || occurrences.length > 2) continue;
    const brokenOff = (m: RegExpMatchArray) =>
      m[1].split(/\s+/).some((x) => x.replace(/[^a-z]/g, '').startsWith(w) && x.replace(/[^a-z]/g, '').length > w.length + 1);
    if (occurrences.every(brokenOff)) {
      out.push('broken-word');
      break;
    }
  }
  return out;
}

/**
 * Spans in quotation marks (three words or more) that are not the participant's words: each must occur in the
 * transcript, case, spacing and quote style aside; an ellipsis inside splits it into parts that must each occur.
 */
export function falseQuotes(text: string, source: WordingSource): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(/[“"]([^”"]{3,}?)[”"]/g)) {
    const parts = m[1]
      .split(/…|\.\.\./)
      .map((p) => normalised(p).replace(/^[\s,.;:!?-]+|[\s,.;:!?-]+$/g, ''))
      .filter(Boolean);
    if (m[1].trim().split(/\s+/).length < 3) continue;
    if (parts.some((p) => !source.hay.includes(p))) bad.push(m[1]);
  }
  return bad;
}
