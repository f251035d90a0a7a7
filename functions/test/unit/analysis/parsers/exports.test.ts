/**
 * Real exports of the tools researchers record with (Zoom, Otter, Google Meet, Whisper; functions/test/fixtures/exports,
 * see its MANIFEST.md), read and analysed as an upload is: every speaker found with the right role, the turns and
 * timestamps kept, no label or timestamp inside anyone's words, and every quote credited to the one who said it (read
 * from the file's own labels, see test/support/export-checks.mjs). Then one rule at a time where no real export could be
 * found with a licence (Fathom, Rev-style, inline stamps, Teams' unreadable times, unpunctuated Chinese captions).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring/anchor-analysis';
import { createLocalAnalyser } from '../../../../src/analysis/local';
import { parseTranscript, type ParsedTranscript } from '../../../../src/analysis/parsers';
import { checkExport } from '../../../support/export-checks.mjs';
import { layoutsOf } from '../../../support/export-layouts.mjs';
import { buildDocx } from '../../parsers/helpers/zip-builder';

const DIR = join(__dirname, '../../../fixtures/exports');

interface Expected {
  file: string;
  tool: string;
  labelPattern: string | null;
  speakers: string[];
  roles: Record<string, string>;
  turns: number;
  timeMarks: number;
  asksAboutRoles: boolean;
}
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expectations.json'), 'utf8')) as Expected[];

const analyser = createLocalAnalyser({ yieldBetweenBatches: false });

async function analyse(parsed: ParsedTranscript, name: string) {
  const input = { documentId: 'd1', documentName: name, text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [], speakers: parsed.speakers, language: parsed.language };
  return anchorAnalysis(input, await analyser.analyse(input)).insights;
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Every speaker with the right role, every turn, nothing left in the words, every quote the file's and its speaker's. */
function expectReadRight(result: ReturnType<typeof checkExport>, expected: Expected) {
  expect(result.labels).toEqual(expected.speakers);
  expect(result.wrongRoles).toEqual([]);
  expect(result.turns).toBe(expected.turns);
  expect(result.labelsInText).toEqual([]);
  expect(result.stampsInText).toEqual([]);
  expect(result.countersInText).toEqual([]);
  expect(result.markStarts).toEqual([]);
  expect(result.quotes).toBeGreaterThan(0);
  expect(result.misattributed).toEqual([]);
  expect(result.unfound).toEqual([]);
}

describe('real exports of recording tools', () => {
  it.each(EXPECTED.map((expected) => [expected.tool, expected] as const))('%s', async (_tool, expected) => {
    const raw = readFileSync(join(DIR, expected.file));
    const parsed = await parseTranscript({ bytes: new Uint8Array(raw), fileName: expected.file });
    const insights = await analyse(parsed, expected.file);
    const result = checkExport({ raw: raw.toString('utf8'), parsed, insights, expected });
    expectReadRight(result, expected);
    expect(result.asksAboutRoles).toBe(expected.asksAboutRoles);
    expect(result.timeMarks).toBe(expected.timeMarks);
  });

  it('Zoom: a name with the suffix Zoom adds is one speaker, the suffix kept as a note and an alias', async () => {
    const parsed = await parseTranscript({ bytes: readFileSync(join(DIR, 'zoom_suffix-parens_ethpm-acdt082.vtt')), fileName: 'call.vtt' });
    const etan = parsed.speakers.find((s) => s.label === 'Etan');
    expect(etan?.aliases).toEqual(['Etan (Nimbus)']);
    expect(parsed.notes).toContain('The meeting tool writes the speaker Etan as Etan (Nimbus), adding to the name; it is one speaker.');
  });

  it('Otter and Google Meet: the tools’ headers and closing lines are never speech, and say so', async () => {
    const otter = await parseTranscript({ bytes: readFileSync(join(DIR, 'otter_txt_ladybug-62-security.txt')), fileName: 'otter.txt' });
    expect(otter.text).not.toContain('otter.ai');
    expect(otter.notes).toContain('Otter’s closing line was left out: Transcribed by https://otter.ai');
    const meet = await parseTranscript({ bytes: readFileSync(join(DIR, 'gmeet_txt_podman-2023-04-20.txt')), fileName: 'meet.txt' });
    expect(meet.text).not.toMatch(/Attendees|editable transcript|Meeting ended|00:05:00/);
    expect(meet.turns[0].speaker).toBe('Tom Sweeney');
    expect(meet.notes).toContain('The closing line the meeting tool wrote was left out, as nobody said it: Meeting ended after 00:56:50');
    // Its "00:05:00" marker times the words that follow it.
    expect(meet.timeMarks?.map((mark) => mark.ts)).toContain(300);
  });
});

describe('one real talk in the layouts of tools with no licensed export (test/support/export-layouts.mjs)', () => {
  const source = readFileSync(join(DIR, 'whisperdiar_txt_speakerN-bracket-mmss_oxide-svb.txt'), 'utf8');
  const talk = EXPECTED.find((expected) => expected.file.startsWith('whisperdiar_'))!;
  it.each(layoutsOf(source).map((layout) => [layout.tool, layout] as const))('%s', async (_tool, layout) => {
    const parsed = await parseTranscript({ bytes: utf8(layout.text), fileName: layout.fileName });
    const insights = await analyse(parsed, layout.fileName);
    expectReadRight(checkExport({ raw: layout.text, parsed, insights, expected: { ...talk, labelPattern: layout.labelPattern } }), talk);
  });
});

describe('one rule at a time', () => {
  it('Zoom "(Host)" and pronoun suffixes: one speaker each, the interviewer found', async () => {
    const vtt = [
      'WEBVTT', '',
      '1', '00:00:01.000 --> 00:00:04.000', 'Ashlee Kupor (Host): Welcome, and thanks for joining. How do you plan your week?', '',
      '2', '00:00:05.000 --> 00:00:12.000', 'Sam Lee (she/her): I plan it on Sunday evenings with a paper notebook and a calendar app side by side.', '',
      '3', '00:00:13.000 --> 00:00:15.000', 'Ashlee Kupor: What goes wrong with that?', '',
      '4', '00:00:16.000 --> 00:00:24.000', 'Sam Lee (she/her): The calendar never shows the travel time, so I end up double booking myself every single week.', '',
    ].join('\n');
    const parsed = await parseTranscript({ bytes: utf8(vtt), fileName: 'zoom.vtt' });
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Ashlee Kupor', 'interviewer'], ['Sam Lee', 'participant']]);
    expect(parsed.text).not.toMatch(/Kupor|\(she\/her\)|\(Host\)/);
  });

  it('Fathom: "@m:ss - Name" opens a turn; "ACTION ITEM:" notes are never speakers or speech', async () => {
    const text = [
      'VIEW RECORDING - 31 mins (No highlights)', '',
      '@0:04 - Dana Whitfield (Acme)', 'Welcome! Could you walk me through how your team reviews the monthly numbers?', '',
      '@0:15 - Priya Raman', 'We export everything to a spreadsheet first, then we argue about which version is the right one.',
      'ACTION ITEM: Send Priya the import template - WATCH', '',
      '@1:02 - Dana Whitfield (Acme)', 'Why a spreadsheet rather than the dashboard?', '',
      '@1:09 - Priya Raman', 'The dashboard hides the rows we need to check, so nobody trusts its totals.',
      'POSITIVE REACTION: Priya liked the audit trail idea', '',
    ].join('\n');
    const parsed = await parseTranscript({ bytes: utf8(text), fileName: 'fathom.txt' });
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Dana Whitfield', 'interviewer'], ['Priya Raman', 'participant']]);
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([4, 15, 62, 69]);
    expect(parsed.text).not.toMatch(/ACTION ITEM|POSITIVE REACTION|VIEW RECORDING|import template/);
    expect(parsed.notes).toContain('2 notes filed under the headings ACTION ITEM and POSITIVE REACTION were left out: the recording tool wrote them, nobody said them.');
  });

  it('Rev-style "Name (mm:ss):": the host who asks and introduces the guest is the interviewer', async () => {
    const text = [
      'Marcus Bell (00:00):', 'Welcome to Field Notes. My guest today is Ana Ortiz, who runs research at a logistics startup. Ana, how did you start?', '',
      'Ana Ortiz (00:12):', 'I started as a support agent, and I kept a notebook of every complaint until the patterns were impossible to ignore.', '',
      'Marcus Bell (00:31):', 'What did you do with the notebook?', '',
      'Ana Ortiz (00:34):', 'I brought it to the product meeting and read the worst ten aloud; that was my first research readout, really.', '',
      'Marcus Bell (00:52):', 'How do you run studies now?', '',
      'Ana Ortiz (00:55):', 'Mostly short interviews with drivers in the depot, because they never have time for a scheduled call.',
    ].join('\n');
    const parsed = await parseTranscript({ bytes: utf8(text), fileName: 'rev.txt' });
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Marcus Bell', 'interviewer'], ['Ana Ortiz', 'participant']]);
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([0, 12, 31, 34, 52, 55]);
  });

  it('Markdown with "(0:26)" at each line: stamps are times, never text; "Participantes:" is no speaker', async () => {
    const md = [
      '# Entrevista 3', '',
      '**Participantes:** Laura Gómez (Entrevistadora), Diego Paz', '',
      '(0:02) **Laura Gómez:** ¿Cómo organizas las entregas de la semana?',
      '(0:09) **Diego Paz:** Las organizo los lunes con una hoja de cálculo compartida con todo el equipo.',
      '(0:26) Después llamo a cada cliente para confirmar la hora, porque la aplicación no avisa.',
      '(0:41) **Laura Gómez:** ¿Qué cambiarías de la aplicación?',
      '(0:45) **Diego Paz:** Que avise sola al cliente cuando el camión sale del almacén.',
    ].join('\n');
    const parsed = await parseTranscript({ bytes: utf8(md), fileName: 'entrevista.md' });
    // The heading (the title and who took part) is nobody's words: left out of the turns, and named in the notes.
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Laura Gómez', 'interviewer'], ['Diego Paz', 'participant']]);
    expect(parsed.text).not.toContain('Participantes');
    expect(parsed.notes.find((note) => note.startsWith('The heading before the conversation was left out'))).toMatch(/: Participantes: Laura Gómez \(Entrevistadora\), Diego Paz$/);
    expect(parsed.text).not.toMatch(/\(\d:\d\d\)/);
    expect(parsed.timeMarks?.map((mark) => mark.ts)).toEqual([2, 9, 26, 41, 45]);
  });

  it('Teams: a cue whose time Teams wrote unreadably keeps its words, and the notes name it', async () => {
    const vtt = ['WEBVTT', '', '0:0:-6.-820 --> 0:0:8.970', '<v Doe, Jane>We moved the whole team onto the new rota last spring.</v>', '', '0:0:9.100 --> 0:0:11.0', '<v Smith, John>How did that go?</v>', ''].join('\n');
    const parsed = await parseTranscript({ bytes: utf8(vtt), fileName: 'teams.vtt' });
    expect(parsed.text).toContain('We moved the whole team onto the new rota last spring.');
    expect(parsed.speakers.map((s) => s.label)).toEqual(['Doe, Jane', 'Smith, John']);
    expect(parsed.notes).toContain('One caption has a time that could not be read; its words are kept, timed from the caption before. The timing line, line 3: 0:0:-6.-820 --> 0:0:8.970');
  });

  it('Teams .docx: "Name   0:03" opens a turn; its heading and "started transcription" are never speech', async () => {
    const bytes = buildDocx([
      'Weekly research sync-20240105_140012-Meeting Recording',
      'January 5, 2024, 2:00PM',
      '43m 30s',
      'Jane Doe started transcription',
      'Jane Doe   0:03',
      'Welcome, Sam, and thanks for joining us. How do you prepare the monthly report?',
      'Sam Patel   0:12',
      'I pull the numbers from three systems by hand, and it takes most of a day every month.',
      'Jane Doe   0:31',
      'What would you change first?',
      'Sam Patel   0:35',
      'One export with everything in it, so nobody has to copy figures between spreadsheets.',
      'Jane Doe stopped transcription',
    ]);
    const parsed = await parseTranscript({ bytes, fileName: 'teams.docx' });
    expect(parsed.speakers.map((s) => [s.label, s.role])).toEqual([['Jane Doe', 'interviewer'], ['Sam Patel', 'participant']]);
    expect(parsed.turns.map((turn) => turn.ts)).toEqual([3, 12, 31, 35]);
    expect(parsed.text).not.toMatch(/Meeting Recording|January 5|43m 30s|transcription/);
    expect(parsed.notes).toContain('2 lines saying who started or stopped the transcription were left out.');
  });

  it('English captions without punctuation (auto-captions) say how their sentences are read, and insights come out of them', async () => {
    // The Whisper export above as auto-captions give it: lower case, no punctuation.
    const srt = readFileSync(join(DIR, 'whisper_srt_en-podcast_bbm-lexfridman322.srt'), 'utf8')
      .split('\n')
      .map((line) => (line.includes('-->') || /^\d*\s*$/.test(line) ? line : line.replace(/[^\p{L}\p{N}\s']/gu, '').toLowerCase()))
      .join('\n');
    const parsed = await parseTranscript({ bytes: utf8(srt), fileName: 'auto.srt' });
    expect(parsed.notes.some((note) => note.startsWith('These captions have no sentence punctuation, so the analysis reads a sentence as ending where a speaker starts a new thought, at a word such as so or but.'))).toBe(true);
    const insights = await analyse(parsed, 'auto.srt');
    expect(insights.length).toBeGreaterThan(3);
    for (const quote of insights.flatMap((insight) => insight.quotes)) expect(parsed.text).toContain(quote.text);
  });

  it('Chinese captions without punctuation are split into sentences, and insights come out of them', async () => {
    const phrases = [
      '我们每周一都会开会', '讨论上周的客户反馈', '但是表格总是不同步', '所以每次都要重新整理数据', '这个过程非常浪费时间',
      '我希望系统可以自动汇总', '客户的投诉也很难追踪', '因为信息分散在不同的邮件里', '有时候同一个问题被处理两次', '团队成员之间沟通也不顺畅',
      '新来的同事不知道去哪里找资料', '我们试过共享文件夹', '但是文件版本太多了', '最后大家还是用微信群', '重要的信息很快就被淹没了',
    ];
    const cues = phrases.flatMap((phrase, i) => [`${i + 1}`, `00:00:${String(i * 3).padStart(2, '0')},000 --> 00:00:${String(i * 3 + 2).padStart(2, '0')},500`, phrase, '']);
    const parsed = await parseTranscript({ bytes: utf8(cues.join('\n')), fileName: 'whisper.srt' });
    expect(parsed.notes).toContain('These captions have no sentence punctuation and no spaces between words, so they were split into sentences where captions end.');
    expect(parsed.text.split('\n').length).toBeGreaterThan(4);
    const insights = await analyse(parsed, 'whisper.srt');
    expect(insights.length).toBeGreaterThan(0);
    for (const quote of insights.flatMap((insight) => insight.quotes)) expect(parsed.text).toContain(quote.text);
  });
});
