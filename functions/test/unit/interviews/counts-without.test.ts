import { describe, expect, it } from 'vitest';
import { countsWithout } from '../../../src/interviews/lifecycle';

describe('project counts when an interview is deleted', () => {
  it('an analysed interview takes its parse and its words away', () => {
    expect(countsWithout({ status: 'ready', errorCode: null, wordCount: 812 })).toEqual({ documents: -1, parsed: -1, words: -812, failed: 0 });
  });

  it('an interview whose analysis failed was parsed: it is not among the failed files', () => {
    expect(countsWithout({ status: 'failed', errorCode: 'analysis-timeout', wordCount: 300 })).toEqual({ documents: -1, parsed: -1, words: -300, failed: 0 });
  });

  it('a file that could not be read was counted as failed, with no words', () => {
    expect(countsWithout({ status: 'failed', errorCode: 'corrupt', wordCount: 0 })).toEqual({ documents: -1, parsed: 0, words: 0, failed: -1 });
  });

  it('an upload still under way counts only as a document', () => {
    expect(countsWithout({ status: 'uploading', errorCode: null, wordCount: 0 })).toEqual({ documents: -1, parsed: 0, words: 0, failed: 0 });
  });
});
