import { describe, expect, it } from 'vitest';
import { jumpHeading, themeSectionId } from './theme-sections';

describe('theme sections', () => {
  it("the jump row's heading is 'N insights. Jump to theme:'", () => {
    expect(jumpHeading(12)).toBe('12 insights. Jump to theme:');
    expect(jumpHeading(1)).toBe('1 insight. Jump to theme:');
    expect(jumpHeading(1200)).toBe('1,200 insights. Jump to theme:');
  });

  it('section ids count themes from 1, are URL-safe and unique per position', () => {
    expect(themeSectionId('Pain points & needs!', 0)).toBe('theme-1-pain-points-needs');
    expect(themeSectionId('Pain points', 1)).toBe('theme-2-pain-points');
    expect(themeSectionId('Goals & motivations', 2)).toBe('theme-3-goals-motivations');
    expect(themeSectionId('  Goals  ', 2)).toBe('theme-3-goals');
    expect(themeSectionId('日本語', 2)).toBe('theme-3');
    expect(themeSectionId('日本語', 0)).toBe('theme-1');
    expect(themeSectionId('a'.repeat(60), 0)).toBe(`theme-1-${'a'.repeat(40)}`);
  });
});
