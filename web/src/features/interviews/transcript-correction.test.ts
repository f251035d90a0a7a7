import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CORRECTION_MESSAGES } from '@verbatim/contract/transcript-correction';

const apiRequest = vi.fn();
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const { correctTranscript, transcriptChangedMeanwhile } = await import('./api/correct-transcript');
const { correctionSummary } = await import('./use-transcript-correction');
const { ApiError } = await import('../../lib/api-client');

beforeEach(() => apiRequest.mockReset());

describe('correcting a transcript from the interview page', () => {
  it('sends the words and the version they were read at', async () => {
    apiRequest.mockResolvedValue({ transcriptVersion: 3, wordCount: 10, quotes: { changed: 1, removed: 0, insightsWithoutQuotes: 0 } });
    await correctTranscript({ projectId: 'p1', documentId: 'd1', transcriptVersion: 2, turns: [{ index: 4, text: 'Fixed words.' }], speakerNames: ['Ana'] });
    expect(apiRequest).toHaveBeenCalledWith('/projects/p1/documents/d1/transcript', { method: 'PATCH', body: { transcriptVersion: 2, turns: [{ index: 4, text: 'Fixed words.' }] } });
  });

  it('refuses before calling: an emptied turn, a speaker’s name starting a line, a name with a colon', async () => {
    const refused = (input: Parameters<typeof correctTranscript>[0]) => correctTranscript(input).catch((e: Error) => e.message);
    const base = { projectId: 'p1', documentId: 'd1', transcriptVersion: 0, speakerNames: ['Ana', 'Interviewer'] };
    expect(await refused({ ...base, turns: [{ index: 0, text: '  ' }] })).toBe(CORRECTION_MESSAGES.emptyTurn(0));
    expect(await refused({ ...base, turns: [{ index: 2, text: 'Yes.\nInterviewer: why?' }] })).toBe(CORRECTION_MESSAGES.labelInTurn(2, 'Interviewer'));
    expect(await refused({ ...base, speakers: [{ from: 'Ana', to: 'Ana: P1' }] })).toBe(CORRECTION_MESSAGES.speakerNameColon);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('tells a correction refused as made from an older version from other refusals', () => {
    expect(transcriptChangedMeanwhile(new ApiError(409, CORRECTION_MESSAGES.changedMeanwhile, 'conflict', { transcriptVersion: 4 }))).toEqual({ transcriptVersion: 4 });
    expect(transcriptChangedMeanwhile(new ApiError(409, CORRECTION_MESSAGES.analysing, 'conflict'))).toBeNull();
  });

  it('says what happened to the quotes', () => {
    expect(correctionSummary({ quotes: { changed: 0, removed: 0, insightsWithoutQuotes: 0 } })).toBe('Saved.');
    expect(correctionSummary({ quotes: { changed: 2, removed: 1, insightsWithoutQuotes: 1 } })).toBe(
      'Saved. 2 quotes now read the corrected words. 1 quote was removed: its words were deleted, or are no longer a participant’s. 1 insight has no quote left: select a passage to give it one, or delete it.',
    );
  });
});
