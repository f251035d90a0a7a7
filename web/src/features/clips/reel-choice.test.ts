import { describe, expect, it } from 'vitest';
import { chosenClips } from './reel-choice';

describe('the clips chosen for a reel', () => {
  it('keep the order chosen and leave out a clip deleted since', () => {
    expect(chosenClips(['c3', 'c1', 'c2'], [{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }])).toEqual(['c3', 'c1', 'c2']);
    expect(chosenClips(['c3', 'c1', 'c2'], [{ id: 'c1' }, { id: 'c2' }])).toEqual(['c1', 'c2']);
    expect(chosenClips(['c1'], [])).toEqual([]);
  });
});
