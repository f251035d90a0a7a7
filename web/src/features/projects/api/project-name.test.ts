import { describe, expect, it } from 'vitest';
import { cleanProjectName, projectNameError } from './project-name';

describe('project name', () => {
  it('is required', () => {
    expect(projectNameError('')).toBe('Please give the project a name.');
    expect(projectNameError('   \n ')).toBe('Please give the project a name.');
  });

  it('is at most 120 characters once cleaned', () => {
    expect(projectNameError('a'.repeat(120))).toBeNull();
    expect(projectNameError(`  ${'a'.repeat(120)}  `)).toBeNull();
    expect(projectNameError('a'.repeat(121))).toBe('A project name can be at most 120 characters.');
  });

  it('is cleaned as the server stores it', () => {
    expect(cleanProjectName('  Onboarding   study\t2026 ')).toBe('Onboarding study 2026');
  });
});
