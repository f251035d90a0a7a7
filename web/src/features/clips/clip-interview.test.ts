import { describe, expect, it } from 'vitest';
import { clipInterviewText } from './clip-interview';

describe('a clip’s interview, as its line names it', () => {
  it('is the interview’s name as read now, an ellipsis only while it is being read', () => {
    expect(clipInterviewText('Interview with Maria', false)).toBe('Interview with Maria');
    expect(clipInterviewText(undefined, true)).toBe('…');
  });

  it('is a plain word, not an ellipsis left for good, when the interview cannot be read or is gone', () => {
    expect(clipInterviewText(undefined, false)).toBe('Interview');
  });
});
