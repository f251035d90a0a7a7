import { describe, expect, it } from 'vitest';
import { clipLengthText, clipPlaceText } from './clip-length';

describe('a clip’s length and place', () => {
  it('says its length to a tenth of a second, and where it is in the recording', () => {
    expect(clipLengthText({ from: 62.2, to: 74.3 })).toBe('12.1 s');
    expect(clipPlaceText({ from: 62.2, to: 74.3 })).toBe('01:02–01:15');
    expect(clipPlaceText({ from: 3725, to: 3731 })).toBe('1:02:05–1:02:11');
  });
});
