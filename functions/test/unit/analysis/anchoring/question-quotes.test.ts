/**
 * A question is never an insight's quote: a span that is nothing but questions is refused and counted; a question the
 * participant puts to the interviewer at the end of a quote is cut off, the statements before it kept verbatim; a
 * rhetorical question the speaker answers stays part of what they said.
 */
import { describe, expect, it } from 'vitest';
import { anchorAnalysis } from '../../../../src/analysis/anchoring';
import { proposal, transcript } from '../helpers/transcripts';

const INTERVIEW = transcript(
  [
    ['Sid', 'What do you use to share findings with your team?'],
    ['Ana', 'We mostly paste quotes into a slide deck. Do you know if there are any certifications for that?'],
    ['Sid', 'Not that I know of. What about the video clips?'],
    ['Ana', 'Why would I pay for clips? Nobody on my team watches them. Is that normal? I think so.'],
  ],
  { Sid: 'interviewer', Ana: 'participant' },
);

const anchorOne = (text: string) => anchorAnalysis(INTERVIEW, { insights: [proposal([{ text, speaker: 'Ana' }])] });

describe('questions as quotes', () => {
  it("refuses a quote that is only the participant's question to the interviewer, and counts it", () => {
    const result = anchorOne('Do you know if there are any certifications for that?');
    expect(result.insights).toEqual([]);
    expect(result.stats).toMatchObject({ proposed: 1, anchored: 0, droppedQuestions: 1, droppedInsights: 1 });
  });

  it('refuses a question in the middle of a turn when the quote holds nothing else', () => {
    expect(anchorOne('Is that normal?').stats).toMatchObject({ anchored: 0, droppedQuestions: 1 });
  });

  it('cuts off a question put to the interviewer at the end of the quote, keeping the statement verbatim', () => {
    const result = anchorOne('We mostly paste quotes into a slide deck. Do you know if there are any certifications for that?');
    const [quote] = result.insights[0].quotes;
    expect(quote.text).toBe('We mostly paste quotes into a slide deck.');
    expect(INTERVIEW.text.slice(quote.start, quote.end)).toBe(quote.text);
    expect(result.stats).toMatchObject({ anchored: 1, droppedQuestions: 0 });
  });

  it('keeps a rhetorical question the speaker answers herself', () => {
    const result = anchorOne('Why would I pay for clips? Nobody on my team watches them.');
    expect(result.insights[0].quotes[0].text).toBe('Why would I pay for clips? Nobody on my team watches them.');
  });
});
