/**
 * Names are redacted in file names on every path that sends one to Gemini (an analysis's interview name, Ask's
 * passages, the synthesis's interviews): whatever their case, across `_`, `-`, `.` and camel case. Text that is no
 * file name keeps its whole-word, case-as-given matching.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AskPassage } from '@verbatim/contract/search';
import { createGeminiAnalyser } from '../../../../src/analysis/gemini';
import { buildSynthesisPrompt } from '../../../../src/analysis/gemini-synthesis/synthesis-prompt';
import { redactPii } from '../../../../src/analysis/redaction';
import { namesInFileName } from '../../../../src/analysis/redaction/file-names';
import { askPrivacy } from '../../../../src/search/ask-privacy';
import { startGeminiStandIn, type GeminiStandIn } from '../../../../../test/support/gemini-stand-in.mjs';
import { analysisInput } from './helpers/analysis-input';

const FILE_NAMES = [
  'maria_silva-interview.docx',
  'Interview-MARIA-SILVA.m4a',
  'MariaSilva_2024.txt',
  'interview.silva.maria.pdf',
  'SilvaMaria.vtt',
  'mariasilva.srt',
];

describe('names in a file name', () => {
  const redaction = redactPii('Maria Silva said the export is slow.', ['Maria Silva', 'Maria', 'Silva']);

  it.each(FILE_NAMES)('%s', (fileName) => {
    const sent = redaction.redact(fileName);
    expect(sent).not.toMatch(/maria|silva/i);
    expect(sent).toMatch(/\[NAME_\d+\]/);
    expect(redaction.restore(sent).toLowerCase()).not.toContain('[name');
  });

  it('keeps words that only contain a name (“Marianne”, “silvan”) and an unnamed file as it is', () => {
    expect(redaction.redact('Marianne_notes.docx')).toBe('Marianne_notes.docx');
    expect(redaction.redact('silvan-interview.docx')).toBe('silvan-interview.docx');
    expect(redaction.redact('interview_07.docx')).toBe('interview_07.docx');
  });

  it('leaves running text to whole-word matching, case as given', () => {
    expect(redaction.redact('We will maria the plan, said Maria.')).toBe('We will maria the plan, said [NAME_2].');
  });

  it('finds camel case and separators, and no name inside a word', () => {
    expect(namesInFileName('AnaLimaNotes.docx', ['Ana Lima']).map((s) => [s.start, s.end])).toEqual([[0, 7]]);
    expect(namesInFileName('banana.docx', ['Ana'])).toEqual([]);
  });
});

describe('every path that sends a file name', () => {
  let standIn: GeminiStandIn;
  beforeAll(async () => {
    standIn = await startGeminiStandIn();
  });
  afterEach(() => standIn.reset());
  afterAll(() => standIn.close());

  it.each(FILE_NAMES)('an analysis sends %s without the name', async (documentName) => {
    const input = analysisInput(
      [
        ['Interviewer', 'How was the export for you this month?'],
        ['Maria Silva', 'The export was slow every single morning this month, and I lost an hour each time.'],
      ],
      { Interviewer: 'interviewer', 'Maria Silva': 'participant' },
      { documentName },
    );
    await createGeminiAnalyser({ apiKey: standIn.apiKey, baseUrl: standIn.url, redactPii: true, sleep: async () => {} }).analyse(input);
    const sent = standIn.requests[0]!.userText;
    expect(sent).toMatch(/^Document: /m);
    expect(sent).not.toMatch(/maria|silva/i);
  });

  it('Ask sends a passage’s interview name without the name', () => {
    const passage: AskPassage = {
      id: 'P1', kind: 'passage', projectId: 'p', projectName: 'Study', documentId: 'd', documentName: 'maria_silva-interview.docx',
      speaker: 'Maria Silva', start: 0, end: 10, ts: null, theme: null, text: 'The export was slow every morning.', focus: null,
    };
    const privacy = askPrivacy('Why is the export slow?', [passage], new Map([['p', { analyser: 'gemini', redactPii: true } as never]]));
    expect(privacy.send).toBe(true);
    const sent = privacy.send ? privacy.sending.passages[0]! : passage;
    expect(`${sent.documentName} ${sent.speaker}`).not.toMatch(/maria|silva/i);
  });

  it('the synthesis sends each interview’s name without the name', () => {
    const redaction = redactPii('MariaSilva.docx', ['Maria Silva', 'Maria', 'Silva']);
    const quote = { text: 'The export was slow every morning.', documentId: 'd', speaker: 'P1', start: 0, end: 34 };
    const insight = { id: 'i1', title: 'Slow export', description: 'Slow.', tag: 'export', documentId: 'd', source: 'gemini' as const, createdAt: new Date(0), quotes: [quote] };
    const prompt = buildSynthesisPrompt([{ documentId: 'd', documentName: 'MariaSilva.docx', groupedTags: [], insights: [insight] }], redaction.redact);
    expect(prompt.userPrompt).toContain('## Interview D1: ');
    expect(prompt.userPrompt).not.toMatch(/maria|silva/i);
  });
});
