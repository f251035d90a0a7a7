/** Bytes → text (encodings, entities, newlines) and which parser reads an upload. */
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../../src/analysis/parsers/decode-text';
import { detectFormat } from '../../../../src/analysis/parsers';
import { decodeHtmlEntities } from '../../../../src/analysis/parsers/html-entities';
import { parseTranscript } from '../../../../src/analysis/parsers';
import { ParseError } from '@verbatim/contract/transcript';
import { fixtureBytes } from '../../parsers/helpers/fixtures';
import { buildDocx } from '../../parsers/helpers/zip-builder';

const bytesOf = (text: string, encoding: BufferEncoding = 'utf8') => new Uint8Array(Buffer.from(text, encoding));

describe('decodeText', () => {
  it('reads UTF-8 and strips its byte-order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf('Olá')]))).toEqual({ text: 'Olá', encoding: 'utf-8', detected: false });
  });

  it('reads UTF-16 LE and BE by their byte-order marks', () => {
    const le = new Uint8Array([0xff, 0xfe, ...bytesOf('Dan: oi', 'utf16le')]);
    expect(decodeText(le)).toEqual({ text: 'Dan: oi', encoding: 'utf-16le', detected: false });
    const be = Buffer.from('Dan: oi', 'utf16le').swap16();
    expect(decodeText(new Uint8Array([0xfe, 0xff, ...be]))).toEqual({ text: 'Dan: oi', encoding: 'utf-16be', detected: false });
  });

  it('reads UTF-16 LE without a byte-order mark from its zero bytes', () => {
    expect(decodeText(bytesOf('Interviewer: Hello there.', 'utf16le'))).toEqual({
      text: 'Interviewer: Hello there.',
      encoding: 'utf-16le',
      detected: true,
    });
  });

  it('detects Shift-JIS (fixture 13) and decodes it to Japanese', () => {
    const decoded = decodeText(fixtureBytes('13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub'));
    expect(decoded.encoding).toBe('shift_jis');
    expect(decoded.detected).toBe(true);
    expect(decoded.text.startsWith('00:00:01.000,00:00:06.520\r\n頑張ってサイトを立ち上げたら')).toBe(true);
  });

  it('detects Latin-1 text that is long enough to be sure of', () => {
    const latin1 = bytesOf('Entrevistador: Olá, como você está? Não sei se é possível.\nParticipante: Estou bem, obrigado. É ótimo estar aqui, não é? Ação, coração, informação.', 'latin1');
    const decoded = decodeText(latin1);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toContain('Ação, coração, informação.');
  });
});

describe('decodeHtmlEntities', () => {
  it('decodes numeric and common named references once, and leaves the rest', () => {
    expect(decodeHtmlEntities('I&#39;m &quot;here&quot; &amp; there &lt;3 &#x2019; &nbsp;&mdash; &amp;lt; AT&T &bogus;')).toEqual({
      text: 'I\'m "here" & there <3 ’  — &lt; AT&T &bogus;',
      count: 9,
    });
  });
});

describe('detectFormat', () => {
  it.each([
    ['a.pdf', '18_pdpilot_P1_user-study-interview.pdf', 'pdf'],
    ['a.docx', '15_qualcoder_ID1_student-response.docx', 'docx'],
    ['a.srt', '06_gvc_eBay-FarhangKassei-Interview-v4.srt', 'srt'],
    ['a.vtt', '11_webvtt-py_teams_timeframe.vtt', 'vtt'],
    ['a.sub', '13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub', 'sub'],
    ['a.md', '10_changelog_founders-talk-91.md', 'md'],
    ['a.txt', '04_anthropic-interviewer_science_0012.txt', 'txt'],
    // Content wins over a wrong name.
    ['transcript.txt', '18_pdpilot_P1_user-study-interview.pdf', 'pdf'],
    ['transcript.pdf', '15_qualcoder_ID1_student-response.docx', 'docx'],
    ['captions.txt', '06_gvc_eBay-FarhangKassei-Interview-v4.srt', 'srt'],
    ['captions.srt', '12_webvtt-py_youtube_dl_autocaption.vtt', 'vtt'],
    ['no-extension', '04_anthropic-interviewer_science_0012.txt', 'txt'],
  ])('reads %s holding %s as %s', (fileName, fixture, format) => {
    expect(detectFormat(fileName, undefined, fixtureBytes(fixture))).toBe(format);
  });

  it('uses the content type when the name has no extension', () => {
    expect(detectFormat('upload', 'text/markdown; charset=utf-8', bytesOf('**Dan:** hi'))).toBe('md');
  });

  it('throws ParseError for what no parser reads', () => {
    expect(() => detectFormat('a.png', 'image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toThrow(ParseError);
    expect(() => detectFormat('a.html', 'text/html', bytesOf('<p>Hi</p>'))).toThrow(
      'Files ending in .html are not accepted; upload a transcript as .txt, .md, .docx, .pdf, .vtt, .srt, .sub.',
    );
  });

  it('says in a note when the name and the content disagree', async () => {
    const parsed = await parseTranscript({ bytes: fixtureBytes('06_gvc_eBay-FarhangKassei-Interview-v4.srt'), fileName: 'captions.txt' });
    expect(parsed.format).toBe('srt');
    expect(parsed.notes[0]).toBe('The file’s name ends in .txt but it contains SubRip captions; it was read as SubRip captions.');
    const text = await parseTranscript({ bytes: bytesOf('Dan: hi?\nEve: yo\nDan: ok?'), fileName: 'notes.docx' });
    expect(text.format).toBe('txt');
    expect(text.notes[0]).toBe('The file’s name ends in .docx but it contains plain text; it was read as text.');
  });
});

describe('text normalisation', () => {
  it('normalises CRLF and CR to LF so offsets are the same on every platform', async () => {
    const crlf = await parseTranscript({ bytes: bytesOf('Interviewer: Hi?\r\n\r\nRespondent: Line one\r\nline two\r\n'), fileName: 'a.txt' });
    const cr = await parseTranscript({ bytes: bytesOf('Interviewer: Hi?\r\rRespondent: Line one\rline two\r'), fileName: 'a.txt' });
    expect(crlf.text).toBe('Hi?\n\nLine one\nline two');
    expect(cr.text).toBe(crlf.text);
    expect(cr.turns).toEqual(crlf.turns);
  });

  it('composes decomposed accents (NFC) and collapses runs of spaces and tabs', async () => {
    const parsed = await parseTranscript({ bytes: bytesOf('Interviewer:  Cafe\u0301?\t\tYes.  \nParticipant: Ok.'), fileName: 'a.txt' });
    expect(parsed.text).toBe('Café? Yes.\n\nOk.');
  });

  it('decodes HTML entities in Word documents too', async () => {
    const parsed = await parseTranscript({ bytes: buildDocx(['Interviewer: It&#39;s fine?', 'Participant: Yes &amp; no.']), fileName: 'a.docx' });
    expect(parsed.text).toBe("It's fine?\n\nYes & no.");
  });
});
