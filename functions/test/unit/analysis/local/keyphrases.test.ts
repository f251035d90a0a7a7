/**
 * A tag is words the participant said, in their form: a plural may be made singular ("ICE plots" → "ICE plot"), but
 * a lemma that is another word ("dive" → wink's "diva") is never shown. Checked on a turn read by wink, and over every
 * shared fixture transcript: each insight's tag occurs in its transcript.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyser } from '../../../../src/analysis/local';
import { keyphrasesOf, singularOf } from '../../../../src/analysis/local/keyphrases';
import { readTurn } from '../../../../src/analysis/local/turn-tokens';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import type { InterviewAnalysis } from '@verbatim/contract/insight';
import { FIXTURES_DIR, parseFixture } from '../../parsers/helpers/fixtures';
import { inputFromParsed, transcript } from '../helpers/transcripts';

let nlp: WinkReader;

beforeAll(async () => {
  nlp = await loadWink();
});

/** The keyphrases shown for one spoken turn. */
function shown(text: string): string[] {
  const tokens = readTurn(nlp, text, { start: 0, end: text.length, speaker: 'Ana' }, 0);
  if (!tokens) throw new Error('turn not read');
  return keyphrasesOf(tokens, 0, tokens.values.length - 1, new Set()).map((phrase) => phrase.display);
}

describe('keyphrases show the words said', () => {
  it('keep a noun whose lemma is another word as said ("deep dive", not wink\'s "deep diva")', () => {
    const phrases = shown('We did a deep dive into the churn data, and the deep dive took a week.');
    expect(phrases).toContain('deep dive');
    expect(phrases).toContain('dive');
    expect(phrases.join(' | ')).not.toMatch(/diva/);
  });

  it('keep the words of the fixture interviews as said ("dive", "app", "networking")', () => {
    // PDPilot P2 and the BuddyPoke case study: wink's lemmas are "diva", "application" and "network".
    expect(shown("I just never have never deemed it important enough to go and dive into.")).toEqual(['dive']);
    expect(shown("It's a 3-D avatar poking app that's on many OpenSocial networking sites")).toEqual(expect.arrayContaining(['app', 'OpenSocial networking site', 'networking']));
  });

  it('make a plural singular, and keep an irregular plural as said', () => {
    const phrases = shown('The ICE plots and the categories were fine, but the boxes and the mice were not.');
    expect(phrases).toEqual(expect.arrayContaining(['ICE plot', 'category', 'box', 'mice']));
    expect(phrases).not.toContain('mouse');
  });

  it('take a lemma only as the said word less its plural ending', () => {
    expect(singularOf('plots', 'plot')).toBe('plot');
    expect(singularOf('boxes', 'box')).toBe('box');
    expect(singularOf('categories', 'category')).toBe('category');
    expect(singularOf('dive', 'diva')).toBe('dive');
    expect(singularOf('mice', 'mouse')).toBe('mice');
    expect(singularOf('data', 'datum')).toBe('data');
    expect(singularOf('lives', 'life')).toBe('lives');
    expect(singularOf('analysis', 'analysis')).toBe('analysis');
  });

  it('tag an insight about a deep dive "deep dive"', async () => {
    const input = transcript(
      [
        ['Interviewer', 'How did you start on the churn question?'],
        ['Ana', 'We did a deep dive into the churn data, and the deep dive took a week. The deep dive was really painful and slow.'],
        ['Interviewer', 'What would have helped?'],
        ['Ana', 'Honestly another deep dive would help, I wish the deep dive tooling was better, the deep dive is where we lose the most time.'],
      ],
      { Interviewer: 'interviewer', Ana: 'participant' },
    );
    const analysis = await createLocalAnalyser().analyse(input);
    const tags = analysis.insights.map((insight) => insight.tag);
    expect(tags).toContain('deep dive');
    expect(tags.join(' | ')).not.toMatch(/diva/);
  });
});

/** Every transcript fixture (licence and manifest notes aside), by path under the fixtures folder. */
function fixtureNames(dir = FIXTURES_DIR, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'LICENSES' ? [] : fixtureNames(path, `${prefix}${name}/`);
      return /\.(md|txt)$/i.test(name) && /^(MANIFEST|NOTICE)\b/.test(name) ? [] : [`${prefix}${name}`];
    });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A tag word as it may have been said: itself, or with a plural ending ("plot": plots; "category": categories). */
function saidForms(word: string): string {
  const forms = [word, `${word}s`, `${word}es`];
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`);
  return `(?:${forms.map(escape).join('|')})`;
}

/** Whether the tag's words are said, in order, in the text (a word of a script written without spaces in place). */
function saidIn(tag: string, text: string): boolean {
  const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(tag);
  const words = tag.toLowerCase().split(/\s+/).map(saidForms).join('\\s+');
  const pattern = unspaced ? words : `(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`;
  return new RegExp(pattern, 'iu').test(text.toLowerCase());
}

describe('every fixture\'s tags are words of its transcript', () => {
  const analyses = new Map<string, { text: string; analysis: InterviewAnalysis }>();

  beforeAll(async () => {
    const analyser = createLocalAnalyser();
    for (const [index, name] of fixtureNames().entries()) {
      const parsed = await parseFixture(name);
      analyses.set(name, { text: parsed.text, analysis: await analyser.analyse(inputFromParsed(parsed, `doc-${index}`, name)) });
    }
  }, 60_000);

  it('reads the fixtures', () => {
    expect(analyses.size).toBeGreaterThanOrEqual(15);
  });

  it.each(fixtureNames())('%s', (name) => {
    const found = analyses.get(name);
    if (!found) throw new Error(`fixture ${name} was not analysed`);
    const { text, analysis } = found;
    const unsaid = analysis.insights.map((insight) => insight.tag).filter((tag) => !saidIn(tag, text));
    expect(unsaid).toEqual([]);
  });
});
