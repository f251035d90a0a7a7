import { describe, expect, it } from 'vitest';
import { correctTranscriptBody, readBody } from '../src/request-bodies';
import { CORRECTION_MESSAGES, speakerLabelInText, speakerNameError, turnTextError } from '../src/transcript-correction';

describe('what a transcript correction may say', () => {
  it('a turn’s words may not start a line with a speaker’s name and a colon, which would read as another speaker', () => {
    expect(speakerLabelInText('So I told her: no.', ['Maria', 'Interviewer'])).toBeNull();
    expect(speakerLabelInText('So I said no.\n  maria : and then?', ['Maria', 'Interviewer'])).toBe('Maria');
    expect(speakerLabelInText('Dr. Chen (Host): welcome', ['Dr. Chen (Host)'])).toBe('Dr. Chen (Host)');
    expect(turnTextError(3, 'Interviewer: and then?', ['Interviewer'])).toBe(CORRECTION_MESSAGES.labelInTurn(3, 'Interviewer'));
    expect(turnTextError(0, ' \n\t', [])).toBe(CORRECTION_MESSAGES.emptyTurn(0));
    expect(turnTextError(0, '…', [])).toBeNull();
  });

  it('a speaker’s name is cleaned, has words, fits, and has no colon', () => {
    expect(speakerNameError('  ')).toBe(CORRECTION_MESSAGES.speakerNameMissing);
    expect(speakerNameError('x'.repeat(81))).toBe(CORRECTION_MESSAGES.speakerNameTooLong);
    expect(speakerNameError('Ana: P1')).toBe(CORRECTION_MESSAGES.speakerNameColon);
    expect(speakerNameError('  Ana   Costa ')).toBeNull();
  });

  it('the request names turns and speakers of this interview, once each, from the version read', () => {
    const body = correctTranscriptBody(4, ['Ana', 'Interviewer'], ['Int.']);
    const read = (value: unknown) => readBody(body, value);
    expect(read({ transcriptVersion: 2, turns: [{ index: 1, text: 'Fixed.' }], speakers: [{ from: 'Ana', to: '  Ana   Costa ' }] })).toEqual({
      ok: true,
      value: { transcriptVersion: 2, turns: [{ index: 1, text: 'Fixed.' }], speakers: [{ from: 'Ana', to: 'Ana Costa' }] },
    });
    const refusal = (value: unknown) => {
      const result = read(value);
      return result.ok ? null : result.message;
    };
    expect(refusal({ turns: [{ index: 1, text: 'x' }] })).toBe(CORRECTION_MESSAGES.versionNeeded);
    expect(refusal({ transcriptVersion: 0 })).toBe(CORRECTION_MESSAGES.nothingToCorrect);
    expect(refusal({ transcriptVersion: 0, turns: [{ index: 4, text: 'x' }] })).toBe('There is no turn 5 in this interview.');
    expect(refusal({ transcriptVersion: 0, turns: [{ index: 1, text: 'a' }, { index: 1, text: 'b' }] })).toBe(CORRECTION_MESSAGES.turnTwice(1));
    expect(refusal({ transcriptVersion: 0, turns: [{ index: 1, text: 'Fine.\nint.: and?' }] })).toBe(CORRECTION_MESSAGES.labelInTurn(1, 'Int.'));
    expect(refusal({ transcriptVersion: 0, speakers: [{ from: 'Bo', to: 'X' }] })).toBe('There is no speaker named Bo in this interview.');
    expect(refusal({ transcriptVersion: 0, speakers: [{ from: 'Ana', to: 'X' }, { from: 'Ana', to: 'Y' }] })).toBe(CORRECTION_MESSAGES.speakerTwice('Ana'));
    // A new name cannot be typed into a turn's words in the same request either.
    expect(refusal({ transcriptVersion: 0, speakers: [{ from: 'Ana', to: 'Maria' }], turns: [{ index: 0, text: 'Maria: hi' }] })).toBe(
      CORRECTION_MESSAGES.labelInTurn(0, 'Maria'),
    );
  });
});
