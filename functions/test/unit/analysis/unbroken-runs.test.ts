/**
 * A transcript holding a "word" far longer than any real one (an encoded file saved as text, minified code pasted
 * into an interview), as stored before the parser refused such files or pasted into a normal interview: it is
 * analysed, searched and redacted like any other, and it never breaks the interviews read after it in the same
 * process (a wink reading that threw once left its shared lexicon broken for every later word it had not seen).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisInput, InterviewAnalysis } from '@verbatim/contract/insight';
import { createLocalAnalyser, LOCAL_ANALYSER_NOTE, NOTHING_FOUND_NOTE } from '../../../src/analysis/local';
import { loadWink } from '../../../src/analysis/local/wink-model';
import { loadWordVectors, type WordVectors } from '../../../src/analysis/meaning';
import { redactPii } from '../../../src/analysis/redaction';
import { hasOverlongRun } from '../../../src/analysis/text-bounds';
import { TEXT_LIMITS } from '../../../src/config/server-limits';
import { passageEntries } from '../../../src/search/search-entries';
import { SearchIndex } from '../../../src/search/search-index';
import { searchResponse } from '../../../src/search/search-results';
import { decodePassages, encodePassages, preparePassages } from '../../../src/search/stored-passages';
import { parseFixture } from '../parsers/helpers/fixtures';
import { inputFromParsed, transcript } from './helpers/transcripts';

const analyser = createLocalAnalyser({ yieldBetweenBatches: false });
const FIXTURES = ['04_anthropic-interviewer_science_0012.txt', '05_raise_Exp_P1_usability-think-aloud_pt-BR.txt', '13_gvc_ja_Discoverability-gfw-JA_shift-jis.sub', '14_qualcoder_transcript_focus-group.txt'];
const ROLES = { Interviewer: 'interviewer', Participant: 'participant' } as const;
const FIRESTORE_DOCUMENT_BYTES = 1024 * 1024;

/** Base64 of `bytes` bytes that look random (a multiplicative hash of their index): what a pasted encoded file looks like. */
const base64Blob = (bytes: number) => Buffer.from(Uint8Array.from({ length: bytes }, (_, i) => Math.imul(i + 1, 2654435761) >>> 24)).toString('base64');

/** A stored transcript whose participant said one "word". */
const oneWord = (word: string, documentId: string) => transcript([['Interviewer', 'Hi, thanks for joining.'], ['Participant', word]], ROLES, { documentId });

/** `input` with `blob` pasted at the end of its turn `k`, after a space: every later offset moves by its length. */
function withBlob(input: AnalysisInput, k: number, blob: string): AnalysisInput {
  const at = input.turns[k].end;
  const shift = blob.length + 1;
  return {
    ...input,
    text: `${input.text.slice(0, at)} ${blob}${input.text.slice(at)}`,
    turns: input.turns.map((turn, i) => (i < k ? turn : i === k ? { ...turn, end: turn.end + shift } : { ...turn, start: turn.start + shift, end: turn.end + shift })),
    timeMarks: input.timeMarks.map((mark) => (mark.offset < at ? mark : { ...mark, offset: mark.offset + shift })),
  };
}

/** What a researcher reads of an analysis: titles, tags, quotes (text and speaker), notes. */
const readable = (analysis: InterviewAnalysis) => ({
  insights: analysis.insights.map((insight) => ({ title: insight.title, tag: insight.tag, quotes: insight.quotes.map((q) => [q.speaker, q.text]) })),
  groupedTags: analysis.groupedTags,
  notes: analysis.notes,
});

let inputs: AnalysisInput[];
let before: InterviewAnalysis[];
let vectors: WordVectors;

beforeAll(async () => {
  vectors = await loadWordVectors();
  inputs = await Promise.all(FIXTURES.map(async (name) => inputFromParsed(await parseFixture(name), name)));
  before = [];
  for (const input of inputs) before.push(await analyser.analyse(input));
});

describe('one process, one giant word, then ordinary interviews', () => {
  it('analyses a participant turn of one 8,000,000-character word (nothing to draft), then every later interview exactly as before', async () => {
    const giant = await analyser.analyse(oneWord('a'.repeat(8_000_000), 'giant'));
    expect(giant.insights).toEqual([]);
    expect(giant.notes).toEqual([LOCAL_ANALYSER_NOTE, NOTHING_FOUND_NOTE]);
    for (let k = 0; k < inputs.length; k++) expect(await analyser.analyse(inputs[k])).toEqual(before[k]);
  });

  it('when a wink reading throws, that reading fails alone: the next analysis reads words never seen with a fresh instance', async () => {
    const wink = await loadWink();
    const built = wink.built;
    // Read without the bounds, this breaks the instance's lexicon (every later unseen word would fail with it).
    expect(() => wink.use((nlp) => nlp.readDoc('b'.repeat(8_000_000)).tokens().out())).toThrow(RangeError);
    const unseen = transcript(
      [
        ['Interviewer', 'How do you use the zorblax dashboard?'],
        ['Participant', 'Every morning I check the zorblax dashboard before the standup. The florbnication report keeps losing my filters, which is frustrating. I quintuplify the exports by hand every Friday because the florbnication step never saves.'],
      ],
      ROLES,
      { documentId: 'unseen' },
    );
    const analysis = await analyser.analyse(unseen);
    expect(wink.built).toBe(built + 1);
    expect(analysis.notes[0]).toBe(LOCAL_ANALYSER_NOTE);
    expect(analysis.insights.flatMap((insight) => insight.quotes.map((q) => q.text)).join(' ')).toMatch(/florbnication/);
    expect(await analyser.analyse(inputs[0])).toEqual(before[0]);
  });

  it('redacts names around a giant word, and redacts the next text as usual', () => {
    const original = `Maria Keller sent ${'c'.repeat(8_000_000)} to the team. Later Maria Keller called.`;
    const redaction = redactPii(original);
    expect(redaction.counts.name).toBe(2);
    expect(redaction.text).not.toContain('Maria');
    expect(redaction.restore(redaction.text)).toBe(original);
    const next = redactPii('Priya Raman said the export broke again. Call Priya Raman tomorrow.');
    expect(next.counts.name).toBe(2);
  });
});

describe('an encoded file pasted into a normal interview', () => {
  it('spoils nothing: the interview gets the same insights, quotes and notes as without it', async () => {
    const input = inputs[0];
    const k = input.turns.findIndex((turn) => input.speakers.find((s) => s.label === turn.speaker)?.role === 'participant');
    const pasted = withBlob(input, k, base64Blob(225_000));
    expect(pasted.text.length - input.text.length).toBeGreaterThan(300_000);
    expect(readable(await analyser.analyse(pasted))).toEqual(readable(before[0]));
  });

  it('is left out of the search data, which stays storable and finds the interview’s words', () => {
    const input = inputs[0];
    const k = input.turns.findIndex((turn) => input.speakers.find((s) => s.label === turn.speaker)?.role === 'participant');
    const blob = base64Blob(6_000_000);
    const pasted = withBlob(input, k, blob);
    const labels = pasted.speakers.map((s) => s.label);
    const participants = new Set(pasted.speakers.filter((s) => s.role === 'participant').map((s) => s.label));
    const entries = passageEntries({ projectId: 'p', documentId: 'd', text: pasted.text, turns: pasted.turns, timeMarks: pasted.timeMarks, participants });
    const plain = passageEntries({ projectId: 'p', documentId: 'd', text: input.text, turns: input.turns, timeMarks: input.timeMarks, participants });
    expect(entries.map((e) => e.text)).toEqual(plain.map((e) => e.text));

    const prepared = preparePassages('p:doc:d', entries, vectors);
    const chunks = encodePassages(prepared, pasted.text, labels, 'src', vectors);
    for (const chunk of chunks) expect(chunk.text.byteLength + chunk.index.byteLength + chunk.meanings.byteLength).toBeLessThan(FIRESTORE_DOCUMENT_BYTES);
    const speakers = pasted.speakers.map((s) => ({ label: s.label, role: s.role }));
    const decoded = decodePassages('p:doc:d', chunks, { projectId: 'p', documentId: 'd', speakers, dims: vectors.dims });
    expect(decoded.text).toBe(pasted.text);
    expect(decoded.prepared.entries).toEqual(entries);

    const index = new SearchIndex(vectors);
    index.replacePrepared([decoded.prepared]);
    const names = { project: () => 'Project', document: () => 'Interview' };
    const found = searchResponse('research', index.search('research'), {}, names);
    expect(found.total).toBeGreaterThan(0);
    expect(found.hits.some((hit) => hit.matchedBy !== 'meaning' && hit.highlights.length > 0)).toBe(true);
    expect(found.hits.every((hit) => hit.text.length <= TEXT_LIMITS.maxPassageChars && !hit.text.includes(blob.slice(0, 200)))).toBe(true);
  });
});

describe('a transcript that is one word of 300,000 characters', () => {
  it('is analysed (nothing to draft), its search data built and stored in bounded chunks, and a search on it answers', async () => {
    const word = 'a'.repeat(300_000);
    const input = oneWord(word, 'one-word');
    const analysis = await analyser.analyse(input);
    expect(analysis.insights).toEqual([]);
    expect(analysis.notes).toEqual([LOCAL_ANALYSER_NOTE, NOTHING_FOUND_NOTE]);

    const entries = passageEntries({ projectId: 'p', documentId: 'w', text: input.text, turns: input.turns, timeMarks: [], participants: new Set(['Participant']) });
    expect(entries.map((e) => e.text)).toEqual(['Hi, thanks for joining.']);
    expect(entries.every((e) => e.text.length <= TEXT_LIMITS.maxPassageChars && !hasOverlongRun(e.text))).toBe(true);
    const prepared = preparePassages('p:doc:w', entries, vectors);
    expect(prepared.vocabulary.every((term) => term.length <= TEXT_LIMITS.maxTokenChars)).toBe(true);
    const chunks = encodePassages(prepared, input.text, ['Interviewer', 'Participant'], 'src', vectors);
    for (const chunk of chunks) expect(chunk.text.byteLength + chunk.index.byteLength).toBeLessThan(FIRESTORE_DOCUMENT_BYTES);

    const index = new SearchIndex(vectors);
    index.replacePrepared([prepared]);
    const names = { project: () => 'Project', document: () => 'Interview' };
    expect(searchResponse(word.slice(0, 300), index.search(word.slice(0, 300)), {}, names).total).toBe(0);
    const thanks = searchResponse('thanks', index.search('thanks'), {}, names);
    expect(thanks.hits.map((hit) => [hit.text, hit.highlights])).toEqual([['Hi, thanks for joining.', [{ start: 4, end: 10 }]]]);
  });
});
