import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../../../src/projects/document-service';
import { cleanProjectName } from '../../../src/projects/project-service';

describe('names', () => {
  it('tidies a project name', () => {
    expect(cleanProjectName('  Onboarding\n  study ')).toBe('Onboarding study');
  });

  it('refuses an empty or non-text project name with a sentence', () => {
    expect(() => cleanProjectName('  ')).toThrow('Please give the project a name.');
    expect(() => cleanProjectName(42)).toThrow('Please give the project a name.');
  });

  it('refuses a missing file name', () => {
    expect(() => cleanFileName(undefined)).toThrow('"fileName" is required.');
    expect(cleanFileName(' P1.pdf ')).toBe('P1.pdf');
  });
});
