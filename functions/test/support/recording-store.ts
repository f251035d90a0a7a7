import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDiskRecordingStore, type RecordingStore } from '../../src/storage/recording-store';

/** A recordings store of the test's own, in a fresh temporary folder (as the emulators keep recordings). */
export function testRecordingStore(): RecordingStore & { dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'verbatim-recordings-test-'));
  return Object.assign(localDiskRecordingStore(dir), { dir });
}
