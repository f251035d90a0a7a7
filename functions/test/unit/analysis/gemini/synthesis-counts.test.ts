/**
 * Counts in every form are the server's: "4 interviews", "all five participants", "three in five", "most participants
 * (80%)", "80% of users" in the summary and in a finding's title and description are recounted from the interviews of
 * the insights they rest on, or the summary's sentence is dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Insight } from '@verbatim/contract/insight';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { buildSynthesisPrompt, readSynthesisAnswer } from '../../../../src/analysis/gemini-synthesis';
import { countClaims, recounted } from '../../../../src/analysis/counts/count-claims';
import type { SynthesisInterview } from '../../../../src/analysis/synthesis';
import { transcript } from '../helpers/transcripts';

function insight(id: string, documentId: string, tag: string, text: string): Insight {
  return { id, title: `About ${tag}`, description: `One insight about ${tag}.`, tag, documentId, source: 'gemini', createdAt: new Date(0), quotes: [{ text, documentId, speaker: 'P1', start: 0, end: text.length }] };
}

// Five interviews; the export insights come from two of them (I1, I2), pricing from three (I3, I4, I5).
const documents: SynthesisInterview[] = ['a', 'b', 'c', 'd', 'e'].map((k, n) => ({
  documentId: `doc-${k}`,
  documentName: `Interview ${k.toUpperCase()}`,
  groupedTags: [],
  insights: [n < 2 ? insight(`ins-${k}`, `doc-${k}`, 'exports', `The export in ${k} is slow.`) : insight(`ins-${k}`, `doc-${k}`, 'pricing', `Pricing in ${k} is fine.`)],
}));
const catalogue = buildSynthesisPrompt(documents).catalogue;

function read(summarySentence: string, finding: { title?: string; description?: string } = {}) {
  const answer = readSynthesisAnswer(
    JSON.stringify({
      summarySentence,
      consolidatedInsights: [
        { title: finding.title ?? 'Exports are slow', description: finding.description ?? 'Exports are slow.', tag: 'exports', theme: 'Work', insightIds: ['I1', 'I2'], quoteIds: [] },
      ],
    }),
    catalogue,
    documents,
  );
  if (!answer.ok) throw new Error(answer.problem);
  return answer.reading.synthesis;
}

describe('the summary’s counts, in every form', () => {
  it.each([
    ['4 interviews [I1, I2] find exports slow.', '2 of 5 interviews find exports slow.'],
    ['All five participants [I1, I2] find exports slow.', '2 of 5 interviews find exports slow.'],
    ['Three in five [I1, I2] find exports slow.', '2 of 5 interviews find exports slow.'],
    ['Most participants (80%) [I1, I2] find exports slow.', '2 of 5 interviews find exports slow.'],
    ['80% of participants [I3, I4, I5] are fine with pricing.', '3 of 5 interviews are fine with pricing.'],
    ['The majority of respondents [I1] find exports slow.', '1 of 5 interviews find exports slow.'],
  ])('%s', (claimed, shown) => expect(read(`${claimed} Pricing rarely came up.`).summarySentence).toBe(`${shown} Pricing rarely came up.`));

  it.each([
    '4 interviews find exports slow.',
    'All five participants find exports slow.',
    'Three in five find exports slow.',
    'Most participants (80%) find exports slow.',
    'Both interviews mention exports.',
  ])('drops “%s”, which rests on no insight', (claimed) => expect(read(`${claimed} Pricing rarely came up.`).summarySentence).toBe('Pricing rarely came up.'));

  it('keeps a sentence that only says how many interviews there are', () => {
    expect(read('Across 5 interviews, exports came up most.').summarySentence).toBe('Across 5 interviews, exports came up most.');
  });
});

describe('a finding’s title and description say the count of its own insights’ interviews', () => {
  it('recounts every form', () => {
    const synthesis = read('Exports came up.', { title: 'All five participants find exports slow', description: 'Most participants (80%) said so; 4 interviews in all.' });
    expect(synthesis.consolidatedInsights[0]!.title).toBe('2 of 5 interviews find exports slow');
    expect(synthesis.consolidatedInsights[0]!.description).toBe('2 of 5 interviews said so; 2 of 5 interviews in all.');
  });
});

describe('an analysis’s titles and descriptions count the participants its quotes come from', () => {
  const input = transcript(
    [
      ['Dan', 'How are exports?'],
      ['Ana', 'The export was slow every single morning, and all five participants in my team said so.'],
      ['Bo', 'Pricing is fine for us.'],
    ],
    { Dan: 'interviewer', Ana: 'participant', Bo: 'participant' },
  );
  const anchored = (title: string, description: string) =>
    anchorAnalysis(input, { insights: [{ title, description, tag: 'exports', quotes: [{ text: 'The export was slow every single morning' }] }] }).insights[0]!;

  it('recounts a count the analyser wrote', () => {
    expect(anchored('Most participants (80%) find exports slow', 'Four participants say so.')).toMatchObject({
      title: '1 of 2 participants find exports slow',
      description: '1 of 2 participants say so.',
    });
  });

  it('keeps a count a participant said, in their words', () => {
    expect(anchored('Exports are slow', 'Ana says “all five participants in my team said so”.').description).toBe('Ana says “all five participants in my team said so”.');
  });
});

describe('reading a count', () => {
  it('finds claims of support, not one person', () => {
    expect(countClaims('One participant said so, and one of the users agreed.')).toEqual([]);
    expect(countClaims('4/5 users and 3 of the 5 people').map((c) => c.text)).toEqual(['4/5 users', '3 of the 5 people']);
    expect(recounted('Nearly all of the participants', 2, 3)).toBe('2 of 3 interviews');
    // What a participant counted about their own work is no count of support.
    expect(countClaims('Teams of 12 people with 40 users and 3 sessions a week')).toEqual([]);
    expect(countClaims('About 3 in 5 exports fail, and they rate it 4 of 5 stars.')).toEqual([]);
  });
});
