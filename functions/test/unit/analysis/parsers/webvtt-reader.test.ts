/**
 * The linear-time WebVTT reader against webvtt-parser 2.2, whose parsing it replaces: the same cues and the same cue
 * text trees on the caption fixtures and on thousands of generated files full of awkward WebVTT (bad timings, NOTE
 * and STYLE blocks, missing blank lines, nested and unclosed tags, entities of every kind, in-cue timestamps).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { webvttEntityTable } from '../../../../src/analysis/parsers/html-entities';
import { normalizeDocument } from '../../../../src/analysis/parsers/normalize-text';
import { srtToWebVtt } from '../../../../src/analysis/parsers/webvtt-cues';
import { parseWebVttCues } from '../../../../src/analysis/parsers/webvtt-reader';
import { FIXTURES_DIR } from '../../parsers/helpers/fixtures';

function byLibrary(text: string, entities: Record<string, string>) {
  return new WebVTTParser(entities).parse(text, 'metadata').cues.map((cue) => ({ startTime: cue.startTime, endTime: cue.endTime, tree: cue.tree }));
}

function expectSameCues(text: string, entities: Record<string, string> = webvttEntityTable()) {
  expect(parseWebVttCues(text, entities)).toEqual(byLibrary(text, entities));
}

/** Deterministic choices (xorshift), so a failure names a reproducible seed. */
function chooser(seed: number) {
  let x = seed;
  return <T>(items: readonly T[]): T => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return items[(x >>> 0) % items.length];
  };
}

const TIMINGS = [
  '00:00:01.000 --> 00:00:02.000',
  '00:01.000 --> 00:02.500 align:start position:10%',
  '1:00:00.000 --> 1:00:01.000',
  '100:00:00.000 --> 100:00:00.001',
  '00:00:03.000 --> 00:00:01.000',
  '  00:00:04.000\t-->\t00:00:05.000  line:0',
  '00:00:01,000 --> 00:00:02,000',
  '00:00:01.000-->00:00:02.000',
  '00:60.000 --> 00:61.000',
  '00:00:01.00 --> 00:00:02.000',
  '00:00:01.000 -> 00:00:02.000',
  '00:00:01.000 --> ',
  'x --> 00:00:02.000',
  '-->',
  '00:00:00.500 --> 00:00:00.900 vertical:rl size:50%',
];
const TEXT = [
  'plain words',
  '<v Anna>Hello there</v>',
  '<v.loud Bob  Smith >Hi',
  '<v\nCarol>line two',
  '<c.yellow.big>coloured</c> text',
  '<i>it</i><b>bold<u>under</u></b>',
  '<ruby>漢<rt>かん</rt></ruby>字',
  '<ruby>a<rt>b</ruby>c',
  '<lang en-GB>colour</lang>',
  'word <00:00:01.500>timed <00:00:01.600><c>next</c>',
  '<1> <12:34> <00:00:01.000x>',
  '< >x<>y</>z<.>w<.a.>v',
  '<b unclosed',
  '<v Dan>first <v Eve>nested',
  'fish &amp; chips &lt;tag&gt; &nbsp;space',
  '&amp &lt &#65 &#65; &#x41; &#x4A; &#; &#xz;',
  '&bogus; &ampx; &amp;amp; & && &;',
  'tail &amp',
  '&hellip;&mdash;&rsquo;s',
  '</i>stray end</v>',
  'a&<b>c',
  '\u0000nul',
];
const BLOCKS = ['', 'NOTE a comment', 'NOTE\nspanning\nlines', 'STYLE\n::cue { color: red }', 'cue-id', '42', 'Kind: captions'];

function generatedVtt(seed: number): string {
  const pick = chooser(seed);
  const lines = [pick(['WEBVTT', 'WEBVTT - title', '\uFEFFWEBVTT', 'NOT VTT']), ...(seed % 3 === 0 ? [pick(BLOCKS)] : []), ''];
  for (let cue = 0; cue < 12; cue++) {
    const shape = pick(['cue', 'cue', 'cue', 'block', 'blank', 'no-blank', 'text-only']);
    if (shape === 'block') lines.push(pick(BLOCKS), '');
    else if (shape === 'blank') lines.push('');
    else if (shape === 'text-only') lines.push(pick(TEXT), '');
    else {
      if (pick([true, false])) lines.push(pick(BLOCKS.slice(4)));
      lines.push(pick(TIMINGS));
      for (let n = pick([0, 1, 1, 2, 3]); n > 0; n--) lines.push(pick(TEXT));
      if (shape !== 'no-blank') lines.push('');
    }
  }
  return lines.join('\n');
}

describe('WebVTT reader', () => {
  it('reads the caption fixtures exactly as webvtt-parser does', () => {
    const files = ['11_webvtt-py_teams_timeframe.vtt', '12_webvtt-py_youtube_dl_autocaption.vtt'];
    for (const file of files) expectSameCues(normalizeDocument(readFileSync(join(FIXTURES_DIR, file), 'utf8')));
    for (const file of ['06_gvc_eBay-FarhangKassei-Interview-v4.srt', '07_gvc_CodeConversations-ChrisDiBona.srt', '08_gvc_Developer_Case_Study_Dave_BuddyPoke.srt']) {
      expectSameCues(srtToWebVtt(normalizeDocument(readFileSync(join(FIXTURES_DIR, file), 'utf8'))));
    }
  });

  it('reads 3,000 generated files of awkward WebVTT exactly as webvtt-parser does', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const text = generatedVtt(seed);
      expect(parseWebVttCues(text, webvttEntityTable()), `seed ${seed}:\n${text}`).toEqual(byLibrary(text, webvttEntityTable()));
    }
  });

  it('decodes entities by prefix as the library does when the table has names without a semicolon', () => {
    const entities = { '&amp': '&', '&a': 'A', '&lt;': '<' };
    expectSameCues('WEBVTT\n\n00:00.000 --> 00:01.000\n&ampere; &abc; &lt; &lt &amp\n', entities);
  });

  it('reads a cue of many unknown entities at once (the library tried every entity name on each)', () => {
    const cue = '&zz; '.repeat(50_000);
    const [parsed] = parseWebVttCues(`WEBVTT\n\n00:00.000 --> 00:01.000\n${cue}\n`, webvttEntityTable());
    expect(parsed.tree.children).toEqual([{ type: 'text', value: cue }]);
  });
});
