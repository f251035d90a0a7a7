import { describe, expect, it } from 'vitest';
import { cleanFileName } from '../../../src/projects/document-service';
import { validProjectName } from '../../../src/projects/project-service';

describe('names', () => {
  it('tidies a project name', () => {
    expect(validProjectName('  Onboarding\n  study ')).toBe('Onboarding study');
  });

  it('refuses an empty or non-text project name with a sentence', () => {
    expect(() => validProjectName('  ')).toThrow('Please give the project a name.');
    expect(() => validProjectName(42)).toThrow('Please give the project a name.');
  });

  it('refuses a missing file name', () => {
    expect(() => cleanFileName(undefined)).toThrow('"fileName" is required.');
    expect(cleanFileName(' P1.pdf ')).toBe('P1.pdf');
  });
});

describe('the project-name rule the web and the server share', () => {
  it('refuses a name over the contract limit with the same sentence on both sides', () => {
    expect(() => validProjectName('a'.repeat(121))).toThrow('A project name can be at most 120 characters.');
    expect(validProjectName('a'.repeat(120))).toHaveLength(120);
  });
});
