/**
 * A recording's or an upload's storage path is never logged with its file name: a file name can name a participant
 * ("Interview_Maria-Silva.m4a"). What is logged is the folder, which names the owner, project and interview by id.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const logger = vi.hoisted(() => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() }));
vi.mock('firebase-functions', () => ({ logger }));

// Loaded afresh, so it takes the logger above even where another test file loaded it before.
vi.resetModules();
const { folderOf, logs } = await import('../../../src/lib/logs');

beforeEach(() => vi.clearAllMocks());

/** Everything logged, as one string. */
const written = () => JSON.stringify([...logger.info.mock.calls, ...logger.warn.mock.calls, ...logger.error.mock.calls]);

describe('storage paths in the log', () => {
  const path = 'recordings/uid-1/project-1/doc-1/Interview_Maria-Silva.m4a';

  it('a recording ignored is logged by its folder, without the file name', () => {
    logs.recordingIgnored(path, 'no interview waiting for this recording');
    expect(written()).toContain('recording.ignored');
    expect(written()).toContain('recordings/uid-1/project-1/doc-1/');
    expect(written()).not.toMatch(/Maria|Silva|Interview_/);
  });

  it('an upload ignored is logged by its folder, without the file name', () => {
    logs.uploadIgnored('uploads/uid-1/project-1/MariaSilva interview.docx', 'not an upload path');
    expect(written()).toContain('upload.ignored');
    expect(written()).not.toMatch(/Maria|Silva/);
  });

  it('keeps the folders and drops only the last part', () => {
    expect(folderOf(path)).toBe('recordings/uid-1/project-1/doc-1/…');
    expect(folderOf('loose-file.m4a')).toBe('/…');
  });
});
