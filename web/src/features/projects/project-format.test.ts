import { describe, expect, it } from 'vitest';
import { deleteWarning, projectSummary, updatedLabel } from './project-format';
import { plural } from '@verbatim/contract/plural';

describe('project formatting', () => {
  it('counts interviews and words with the singular for one', () => {
    expect(projectSummary({ documents: 0, parsed: 0, failed: 0, words: 0 })).toBe('0 interviews · 0 words');
    expect(projectSummary({ documents: 1, parsed: 1, failed: 0, words: 1 })).toBe('1 interview · 1 word');
    expect(projectSummary({ documents: 12, parsed: 11, failed: 1, words: 15234 })).toBe('12 interviews · 15,234 words');
    expect(plural(2, 'speaker')).toBe('2 speakers');
  });

  it('says today, yesterday, or the date', () => {
    const now = new Date(2026, 2, 10, 15, 0);
    expect(updatedLabel(new Date(2026, 2, 10, 9, 5), now)).toBe('Updated today at 9:05 AM');
    expect(updatedLabel(new Date(2026, 2, 9, 23, 59), now)).toBe('Updated yesterday');
    expect(updatedLabel(new Date(2026, 2, 3, 12, 0), now)).toBe('Updated Mar 3, 2026');
  });
});

describe('delete warning', () => {
  it('says which interviews and files go with the project', () => {
    expect(deleteWarning(0)).toBe('This permanently removes the project. It has no interviews or uploaded files yet. This cannot be undone.');
    expect(deleteWarning(1)).toBe('This permanently removes the project and its 1 interview with its transcript and uploaded file. This cannot be undone.');
    expect(deleteWarning(1200)).toBe(
      'This permanently removes the project and its 1,200 interviews with their transcripts and uploaded files. This cannot be undone.',
    );
  });
});
