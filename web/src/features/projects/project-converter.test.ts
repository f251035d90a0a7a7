import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { projectFromData } from './project-converter';

describe('project converter', () => {
  it('turns Timestamps into Dates and keeps the counts', () => {
    const at = new Date('2026-03-03T10:00:00Z');
    const project = projectFromData('p1', {
      ownerId: 'u1',
      name: 'Onboarding',
      createdAt: Timestamp.fromDate(at),
      updatedAt: Timestamp.fromDate(at),
      counts: { documents: 2, parsed: 1, failed: 1, words: 900 },
      settings: { analyser: 'gemini', redactPii: false },
    });
    expect(project).toEqual({
      id: 'p1',
      ownerId: 'u1',
      name: 'Onboarding',
      createdAt: at,
      updatedAt: at,
      counts: { documents: 2, parsed: 1, failed: 1, words: 900 },
      settings: { analyser: 'gemini', redactPii: false },
    });
  });

  it('reads missing fields as empty', () => {
    const project = projectFromData('p2', {});
    expect(project.name).toBe('');
    expect(project.counts).toEqual({ documents: 0, parsed: 0, failed: 0, words: 0 });
    expect(project.updatedAt.getTime()).toBe(0);
    expect(project.settings).toEqual({ analyser: 'local', redactPii: true });
  });
});
