/**
 * What the English model can honestly do with another language: for one written with spaces, wink still splits
 * sentences and words, but its parts of speech, lemmas and sentiment are English-only, so none of them are used; one
 * written without spaces (Japanese, Chinese) or with particles joined to its words (Korean) is split by the runtime's
 * own segmentation (see unspaced-passages.ts). Insights are passages grouped by a word that recurs across them
 * (function words of the language left out), titled and described as exactly that.
 */
import type { InterviewAnalysis, ProposedInsight } from '@verbatim/contract/insight';
import { groupTags } from '@verbatim/contract/themes';
import { clusterStatements, type Cluster } from './cluster-statements';
import type { Keyphrase } from './keyphrases';
import { functionWords, isUnspacedScript, languageName, openers, theLanguage } from './languages';
import { PROMPT, type Statement } from './statements';
import type { TurnTokens } from './turn-tokens';
import { unspacedStatements, unspacedTitle } from './unspaced-passages';
import { choiceName } from '@verbatim/contract/analysis-choice';

const MIN_WORDS = 5;
const MAX_WORDS = 60;
const MAX_INSIGHTS = 6;

export function nonEnglishNotice(language: string): string {
  const name = languageName(language);
  return `This interview is in ${name}; ${choiceName('local')} analysis reads English best, so insights here are limited to passages grouped by words that recur in them, each titled with the opening words of a sentence of one of its passages. It did not judge what the passages mean, their sentiment or what kind of statement each is.`;
}

function isTermWord(value: string, stopwords: ReadonlySet<string>, language: string): boolean {
  const normal = value.toLowerCase();
  if (!/\p{L}/u.test(value) || stopwords.has(normal) || /^x{2,}$/i.test(value)) return false;
  if ((language === 'pt' || language === 'es') && normal.endsWith('mente')) return false; // adverbs
  if (/[\d'’]/.test(normal)) return false;
  return normal.length >= 4 || /\p{Lu}/u.test(value.slice(1)); // "GitHub", "UI"
}

/** Passages (sentences) of quotable turns, each with the words that could tie it to others. */
export function nonEnglishStatements(turns: readonly TurnTokens[], text: string, language: string): Statement[] {
  const stopwords = functionWords(language);
  const statements: Statement[] = [];
  const spellings = new Map<string, string[]>();
  for (const tokens of turns) {
    for (const sentence of tokens.sentences) {
      let from = sentence.from;
      while (from < sentence.to && tokens.types[from] === 'punctuation') from++;
      const start = tokens.starts[from];
      const end = tokens.ends[sentence.to];
      const span = text.slice(start, end);
      if (span.trimEnd().endsWith('?') || PROMPT.test(span)) continue;
      let words = 0;
      const terms = new Map<string, Keyphrase>();
      for (let i = from; i <= sentence.to; i++) {
        if (tokens.types[i] !== 'word') continue;
        words++;
        if (!isTermWord(tokens.values[i], stopwords, language.toLowerCase().slice(0, 2))) continue;
        const key = tokens.normals[i];
        if (!terms.has(key)) terms.set(key, { key, display: tokens.values[i], words: 1 });
        spellings.set(key, [...(spellings.get(key) ?? []), tokens.values[i]]);
      }
      if (words < MIN_WORDS || words > MAX_WORDS || terms.size < 2) continue;
      statements.push({
        index: statements.length,
        turnIndex: tokens.turnIndex,
        speaker: tokens.speaker,
        start,
        end,
        words,
        kind: 'observation',
        strength: 0,
        sentiment: 0,
        keyphrases: [...terms.values()],
        salience: Math.round((0.5 + Math.min(words, 30) / 60) * 1000) / 1000,
      });
    }
  }
  // A word capitalised only at the start of a sentence is shown in lower case; a name keeps its capitals.
  for (const statement of statements) {
    for (const term of statement.keyphrases) {
      const seen = spellings.get(term.key) ?? [];
      term.display = seen.includes(term.key) ? term.key : (seen[0] ?? term.display);
    }
  }
  return statements;
}

/** A title keeps at least this many words after its openers are left out. */
const MIN_TITLE_WORDS = 4;

/**
 * The first passage quoted, in its own words: its first clause, at most 12 words, without the words that open it by
 * leaning on the talk before ("Então a resposta é …" → "A resposta é …").
 */
export function passageTitle(passage: string, language = ''): string {
  const clause = passage.split(/(?<=[.!?;:])\s/u)[0] ?? passage;
  const written = clause.split(/\s+/u).filter(Boolean);
  const leaning = openers(language);
  const bare = (word: string) => word.toLowerCase().replace(/[,;:.!?…]+$/u, '');
  let start = 0;
  while (written.length - start > MIN_TITLE_WORDS && leaning.has(bare(written[start]))) start++;
  const words = written.slice(start);
  if (start > 0) words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
  const title = words.slice(0, 12).join(' ').replace(/[\s,;:.!?…-]+$/u, '');
  return words.length > 12 ? `${title} …` : title;
}

/**
 * The title of the first passage (or sentence of one) whose opening clause fits whole and says something (four words
 * or more, where words are spaced); the first one's, cut (" …"), when none does.
 */
function firstWholeTitle(passages: readonly string[], titleOf: (passage: string) => string): string {
  const titles = passages.map(titleOf);
  const says = (title: string) => !/\s/u.test(title) || title.split(/\s+/u).length >= MIN_TITLE_WORDS;
  return titles.find((title) => title !== '' && !title.endsWith('…') && says(title)) ?? titles[0];
}

/**
 * A passage's sentences, its first first: a title is the first of them that fits whole, never a sentence cut (" …")
 * while another of the group's sentences fits.
 */
function sentencesOf(passage: string, unspaced: boolean): string[] {
  const sentences = passage.split(unspaced ? /(?<=[。！？!?])/u : /(?<=[.!?;])\s+/u).map((sentence) => sentence.trim()).filter(Boolean);
  return sentences.length > 0 ? sentences : [passage];
}

function describe(cluster: Cluster, language: string): string {
  const n = cluster.members.length;
  const passages = n === 1 ? 'One passage mentions' : `${n} passages mention`;
  const alongside = cluster.related.length > 0 ? `, often alongside ${cluster.related.map((p) => `“${p.display}”`).join(' and ')}` : '';
  return `${passages} “${cluster.tag.display}”${alongside}; ${choiceName('local')} analysis did not interpret ${theLanguage(language)}, so read the quotes for what is said.`;
}

export function analyseNonEnglish(turns: readonly TurnTokens[], text: string, language: string): InterviewAnalysis {
  const notes = [nonEnglishNotice(language)];
  const unspaced = isUnspacedScript(language);
  const statements = unspaced ? unspacedStatements(turns, text, language) : nonEnglishStatements(turns, text, language);
  const clusters = clusterStatements(statements, { maxInsights: MAX_INSIGHTS, minSupport: 2, minTopicSupport: 2, maxQuotes: 3, maxMembers: 6, maxSingles: 0 });
  const insights: ProposedInsight[] = clusters.map((cluster) => ({
    title: firstWholeTitle(cluster.quoted.flatMap((statement) => sentencesOf(text.slice(statement.start, statement.end), unspaced)), (passage) => (unspaced ? unspacedTitle : passageTitle)(passage, language)),
    description: describe(cluster, language),
    tag: cluster.tag.display,
    quotes: cluster.quoted.map((statement) => ({ text: text.slice(statement.start, statement.end), speaker: statement.speaker, startHint: statement.start })),
  }));
  if (insights.length === 0) notes.push('No word recurred across enough passages to group them, so no insights were drafted.');
  return { insights, groupedTags: groupTags(insights.map((insight) => insight.tag)), notes };
}
