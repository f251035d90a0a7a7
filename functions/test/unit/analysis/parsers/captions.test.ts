/** Caption formats: timing pre-passes, cue clean-up, rolling captions, speakers across and within cues. */
import { describe, expect, it } from 'vitest';
import { segmentCues, type Cue } from '../../../../src/analysis/parsers/caption-segments';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { readSubCaptions } from '../../../../src/analysis/parsers/subviewer-cues';
import { readWebVtt, srtToWebVtt } from '../../../../src/analysis/parsers/webvtt-cues';
import type { ParsedTranscript } from '@verbatim/contract/transcript';

async function parseCaptions(text: string, fileName: string): Promise<ParsedTranscript> {
  return parseTranscript({ bytes: new Uint8Array(Buffer.from(text, 'utf8')), fileName });
}

function turns(parsed: ParsedTranscript): [string, string, number | undefined][] {
  return parsed.turns.map((turn) => [turn.speaker, parsed.text.slice(turn.start, turn.end), turn.ts]);
}

describe('WebVTT and SRT reading', () => {
  it('zero-pads Teams-style times and reads voices', () => {
    const cues = readWebVtt('WEBVTT\n\n0:0:1.5 --> 0:0:2.25\n<v Ana Lima>Oi, tudo bem?</v>\n');
    expect(cues).toEqual([{ start: 1.5, end: 2.25, lines: [{ text: 'Oi, tudo bem?', voice: 'Ana Lima' }] }]);
  });

  it('drops cue settings, inline word timestamps and class tags, and flags word timing', () => {
    const cues = readWebVtt(
      'WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:03.000 align:start position:0%\nthis<00:00:01.500><c> will</c><c.colorE5E5E5> work</c>\n',
    );
    // The last word's time is kept: where the speaker pauses after it shows where a line of unpunctuated speech ends.
    expect(cues).toEqual([{ start: 1, end: 3, lines: [{ text: 'this will work' }], wordTimed: true, lastWordAt: 1.5 }]);
  });

  it('drops NOTE and STYLE blocks', () => {
    const cues = readWebVtt('WEBVTT\n\nSTYLE\n::cue { color: red }\n\nNOTE a comment\nstill the comment\n\n1\n00:00:01.000 --> 00:00:02.000\nHello.\n');
    expect(cues).toEqual([{ start: 1, end: 2, lines: [{ text: 'Hello.' }] }]);
  });

  it('converts SRT: header, comma milliseconds, coordinates after the end time, missing blank lines', () => {
    expect(srtToWebVtt('1\n00:00:01,000 --> 00:00:02,500 X1:10 X2:20\nHello\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n')).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\n\n2\n00:00:03.000 --> 00:00:04.000\nWorld\n',
    );
  });

  it('decodes character references in caption text, including &quot; (webvtt-parser alone gets &amp; wrong)', async () => {
    const parsed = await parseCaptions('1\n00:00:01,000 --> 00:00:02,000\nTom &amp; Jerry said &quot;hi&quot; &#39;ok&#39;\n', 'a.srt');
    expect(parsed.text).toBe('Tom & Jerry said "hi" \'ok\'');
  });

  it('drops formatting tags in SRT (<i>, <font>, {\\an8})', async () => {
    const parsed = await parseCaptions('1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>Hello</i> <font color="red">there</font>\n', 'a.srt');
    expect(parsed.text).toBe('Hello there');
  });
});

describe('SubViewer and MicroDVD (.sub)', () => {
  it('reads SubViewer timing lines, [br] breaks and skips the [INFORMATION] header', () => {
    const cues = readSubCaptions('[INFORMATION]\n[TITLE]Demo\n[END INFORMATION]\n[SUBTITLE]\n00:00:01.000,00:00:06.520\nHello[br]there\n\n00:01:02.50,00:01:04.00\nAgain\n');
    expect(cues).toEqual([
      { start: 1, lines: [{ text: 'Hello' }, { text: 'there' }] },
      { start: 62.5, lines: [{ text: 'Again' }] },
    ]);
  });

  it('reads MicroDVD frames as seconds when the file states its frame rate', () => {
    expect(readSubCaptions('{1}{1}25\n{50}{100}Hello|there\n{125}{150}{y:i}Again\n')).toEqual([
      { start: 2, lines: [{ text: 'Hello' }, { text: 'there' }] },
      { start: 5, lines: [{ text: 'Again' }] },
    ]);
  });
});

describe('speakers in captions', () => {
  const cue = (start: number, ...lines: string[]): Cue => ({ start, lines: lines.map((text) => ({ text })) });

  it('carries a label forward to later unlabelled cues and merges them into one turn', async () => {
    const parsed = await parseCaptions(
      '1\n00:00:01,000 --> 00:00:02,000\nSchalk:\nHello, I am\n\n2\n00:00:02,000 --> 00:00:03,000\nChris.\n\n3\n00:00:03,000 --> 00:00:04,000\nKassei: Hi\nChris.\n\n4\n00:00:04,000 --> 00:00:05,000\nThanks.\n',
      'a.srt',
    );
    expect(turns(parsed)).toEqual([
      ['Schalk', 'Hello, I am Chris.', 1],
      ['Kassei', 'Hi Chris. Thanks.', 3],
    ]);
    expect(parsed.timeMarks).toEqual([
      { offset: 0, ts: 1, end: 2 },
      { offset: 12, ts: 2, end: 3 },
      { offset: 20, ts: 3, end: 4 },
      { offset: 30, ts: 4, end: 5 },
    ]);
  });

  it('splits a cue holding two speakers, both turns taking the cue time', () => {
    const { segments } = segmentCues([cue(16, 'DiBona: Little chunklets.', 'Liu: Just little ones.'), cue(18, 'Because we can not.')]);
    expect(segments).toEqual([
      { speaker: 'DiBona', ts: 16, pieces: [{ text: 'Little chunklets.', join: 'space', ts: 16 }] },
      { speaker: 'Liu', ts: 16, pieces: [{ text: 'Just little ones.', join: 'space' }, { text: 'Because we can not.', join: 'space', ts: 18 }] },
    ]);
  });

  it('gives text after an unnamed ">>" to "Unknown speaker" instead of the previous speaker', async () => {
    const parsed = await parseCaptions(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nDan: What do you do?\n\n00:00:02.000 --> 00:00:03.000\n>> I build boats.\n\n00:00:03.000 --> 00:00:04.000\nDan: Nice. Why?\n',
      'a.vtt',
    );
    expect(turns(parsed)).toEqual([
      ['Dan', 'What do you do?', 1],
      ['Unknown speaker', 'I build boats.', 2],
      ['Dan', 'Nice. Why?', 3],
    ]);
  });

  it('de-duplicates rolling captions line by line, keeping each word once', () => {
    const { segments, notes } = segmentCues([
      { ...cue(1, 'so we'), wordTimed: true },
      cue(2, 'so we', 'started the'),
      cue(3, 'started the', 'company in'),
      cue(4, 'company in', '2019'),
    ]);
    expect(segments.flatMap((segment) => segment.pieces.map((piece) => piece.text))).toEqual(['so we', 'started the', 'company in', '2019']);
    expect(notes).toEqual(['These are rolling auto-captions: lines repeated from one caption to the next were kept only once.']);
  });

  it('keeps genuine repetition in ordinary captions ("No." then "No.")', () => {
    const { segments } = segmentCues([cue(1, 'No.'), cue(2, 'No.'), cue(3, 'Yes.')]);
    expect(segments.flatMap((segment) => segment.pieces.map((piece) => piece.text))).toEqual(['No.', 'No.', 'Yes.']);
  });

  it('joins Japanese cue lines without spaces and Latin ones with one', async () => {
    const parsed = await parseCaptions('00:00:01.000,00:00:02.000\nこんにちは\n世界。\n\n00:00:02.000,00:00:03.000\nHello\nworld.\n', 'a.sub');
    expect(parsed.text).toBe('こんにちは世界。 Hello world.');
  });
});
