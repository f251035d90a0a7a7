import { describe, expect, it } from 'vitest';
import { attachmentHeader } from '../../../src/api/content-disposition';

describe('a download’s Content-Disposition', () => {
  it('gives old clients an ASCII name and every other client the exact one', () => {
    expect(attachmentHeader('Estudo — São Paulo.mp4')).toBe(`attachment; filename="Estudo  Sao Paulo.mp4"; filename*=UTF-8''Estudo%20%E2%80%94%20S%C3%A3o%20Paulo.mp4`);
  });

  it('never lets a name close its quotation marks or escape, and names a name of no ASCII at all', () => {
    expect(attachmentHeader('a"b\\c.m4a')).toContain('filename="abc.m4a"');
    expect(attachmentHeader('会議')).toContain('filename="download"');
  });
});
